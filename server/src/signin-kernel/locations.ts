/** Addresses a sign-in sends the browser to, shared by the service and the methods. */
import { Paths } from '@portal/contract';

export const cobrandQuery = (cobrand: string) => `cobrandHost=${encodeURIComponent(cobrand)}`;
/** The platform's home page for a cobrand: where a sign-in ends when the catalogue names no other. */
export const homeOf = (cobrand: string) => `${Paths.platformHome}?${cobrandQuery(cobrand)}`;
