/** The passkey calls (docs/api.md, "Passkeys") as the pages make them. */
import { PasskeyPaths } from '@portal/contract';
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { call } from '../api/client';
import { whereNext } from '../api/sign-in';

/** A ceremony's WebAuthn options as the service answers them, given as they are to the library. */
export const postForOptions = async <Options>(path: string): Promise<Options> =>
  (await call(path, { method: 'POST' })).json() as Promise<Options>;

/** A passkey sign-in's assertion: answered as send-login is, with the address to go to (same origin or https). */
export const sendAssertion = async (response: AuthenticationResponseJSON): Promise<string> =>
  whereNext(await call(PasskeyPaths.signIn, { method: 'POST', json: { response } }));
