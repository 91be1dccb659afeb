/**
 * The add ceremony, as the offer page and the security page make it. A module of its own: the sign-in page, which
 * shares passkey-calls.ts, never adds one, and so does not load the library's registration half (docs/benchmarks.md,
 * figure 3).
 */
import { PasskeyPaths } from '@portal/contract';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { call } from '../api/client';
import { postForOptions } from './passkey-calls';

/** Options, the browser's passkey, the answer. */
export async function createPasskey(): Promise<void> {
  const optionsJSON = await postForOptions<PublicKeyCredentialCreationOptionsJSON>(PasskeyPaths.registrationOptions);
  const response = await startRegistration({ optionsJSON });
  await call(PasskeyPaths.passkeys, { method: 'POST', json: { response } });
}
