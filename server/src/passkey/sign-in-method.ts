/**
 * The passkey method (WebAuthn): a discoverable credential's assertion, on its own route, names its account itself.
 * Its equal work is one signature check: on the account's passkey, or on a key nobody holds, so a credential nobody
 * has, a removed one, or one of a locked account costs what a real one does.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { type AssertionCheck, checkAssertion, type RelyingParty, userHandleOf } from './ceremonies.js';
import type { PasskeyService } from './passkey-service.js';
import type { PasskeyRow, PasskeyStore } from './passkey-store.js';
import { passkeyServes } from './policy.js';
import type { Answer, MethodTry, SignInMethod } from '../signin-kernel/index.js';

/** The route a passkey's try comes by (`OwnRoute.name`). */
export const PASSKEY_ROUTE = 'passkey';

export interface PasskeyMethodDeps {
  passkeys: PasskeyStore;
  relyingParty: RelyingParty;
  /** What disables a cloned passkey (audited, the user told): the passkey capability's. */
  passkeyClones: Pick<PasskeyService, 'disableCloned'>;
}

/** What the passkey route hands the service: the browser's assertion and the challenge it took for this attempt. */
export interface PasskeySecret {
  response: AuthenticationResponseJSON;
  /** null: no challenge was issued to this attempt, or it was spent or stale; the check still runs, and fails. */
  challenge: string | null;
}

interface PasskeyWork {
  check: AssertionCheck;
  passkey: PasskeyRow | undefined;
}

export function passkeyMethod(deps: PasskeyMethodDeps): SignInMethod<PasskeyWork> {
  return {
    name: 'passkey',
    form: null,
    serves: passkeyServes,
    route: {
      name: PASSKEY_ROUTE,
      owner: async (secret) => (await deps.passkeys.byCredential(readSecret(secret).response.id))?.account_id,
    },
    async equalWork(secret, on) {
      const { response, challenge } = readSecret(secret);
      const found = await deps.passkeys.byCredential(response.id);
      // A disabled passkey (a clone was seen) is checked as a credential nobody has: it signs nobody in.
      const usable = found?.disabled_at === null ? found : undefined;
      const passkey = on && usable?.account_id === on.account.id ? usable : undefined;
      // A challenge nobody issued still gets the whole check, which then fails on it.
      const check = await checkAssertion(deps.relyingParty, response, challenge ?? NO_CHALLENGE, passkey ?? NOBODY);
      return { check, passkey };
    },
    verify: (attempt, work) => verifyPasskey(deps, attempt, work),
  };
}

async function verifyPasskey(deps: PasskeyMethodDeps, attempt: MethodTry, work: PasskeyWork): Promise<Answer> {
  const { check, passkey } = work;
  const { response } = readSecret(attempt.secret);
  if (passkey && check.cloned) {
    await deps.passkeyClones.disableCloned(attempt.account, passkey, check.counter, attempt.browser);
    return null;
  }
  if (!passkey || !check.verified) return null;
  // A discoverable credential's assertion names its user (WebAuthn L3 §7.2 step 6): the handle the authenticator keeps
  // with it must be there and be this account's. Missing, or another's, it is not this account's key.
  if (response.response.userHandle !== userHandleOf(attempt.account.id)) return null;
  const use = { counter: check.counter, deviceType: check.deviceType, backedUp: check.backedUp, at: attempt.now };
  if (!(await deps.passkeys.used(passkey.id, passkey.counter, use))) return null;
  return { kind: 'passed', step: 'passkey', complete: true, account: attempt.account };
}

const NO_CHALLENGE = 'none';

/** A P-256 key nobody holds, in COSE form: what a credential nobody has is checked against. */
const NOBODY = (() => {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
  const coordinate = (value: string | undefined) => [0x58, 0x20, ...Buffer.from(value ?? '', 'base64url')];
  // {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}
  const cose = [0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, ...coordinate(jwk.x), 0x22, ...coordinate(jwk.y)];
  return { credential_id: 'nobody', public_key: Buffer.from(cose).toString('base64url'), counter: 0, transports: '' };
})();

/** The route has checked the assertion's shape (contract's schema). */
const readSecret = (secret: string): PasskeySecret => JSON.parse(secret) as PasskeySecret;
