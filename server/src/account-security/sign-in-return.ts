/**
 * Back to the security page after signing in again: a change to how the user signs in asked for a fresh sign-in, and
 * the page named, in its cookie, the section the user was in. The next full sign-in in this browser, by any method
 * or step, goes there instead of its usual way on; the page clears the cookie as the user arrives.
 */
import { routePath, type SignInReturnSection } from '@portal/contract';
import { securitySectionId, SIGN_IN_RETURN_COOKIE, SIGN_IN_RETURN_SECTIONS } from '@portal/contract/security';
import type { StartSession } from '../session/index.js';

const isSection = (value: string | undefined): value is SignInReturnSection =>
  (SIGN_IN_RETURN_SECTIONS as readonly (string | undefined)[]).includes(value);

/**
 * The security page's section to go to after a full sign-in, or null: a half-way session goes on to its screen, and a
 * cookie naming no section of the page (the browser's to write) leads nowhere else.
 */
export function signInReturn(
  open: Pick<StartSession, 'kind' | 'cobrand'>,
  cookies: Readonly<Record<string, string | undefined>>,
): string | null {
  const section = cookies[SIGN_IN_RETURN_COOKIE];
  if (open.kind !== 'full' || !isSection(section)) return null;
  const query = new URLSearchParams({ cobrandHost: open.cobrand });
  return `${routePath('security-component')}?${query.toString()}#${securitySectionId(section)}`;
}
