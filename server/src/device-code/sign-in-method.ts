/**
 * The new-device code's method: the code mailed for a held sign-in (gate.ts), on a route of its own. Its try is
 * claimed on the account's count for unknown devices (the browser is one), so a wrong code counts as a wrong password
 * does; a right one passes the password's sign-in on, decided as any: the browser is trusted, and the sign-in goes
 * where it would have (change password, the passkey offer, home).
 */
import type { Answer, MethodTry, SignInMethod } from '../signin-kernel/index.js';
import type { SessionManager } from '../session/index.js';
import type { DeviceCodes } from './device-codes.js';
import { asksForCode } from './gate.js';

/** The route a code's try comes by (`OwnRoute.name`). */
export const DEVICE_CODE_ROUTE = 'device-code';

export interface DeviceCodeMethodDeps {
  deviceCodes: DeviceCodes;
  deviceCodeStore: { ownerOf(id: string): Promise<string | undefined> };
  sessions: SessionManager;
  newDeviceVerification: 'email' | 'off';
}

/** What the route hands the service: the attempt from the screen's address, and the code as typed. */
export interface DeviceCodeSecret {
  attempt: string;
  code: string;
}

export function deviceCodeMethod(deps: DeviceCodeMethodDeps): SignInMethod<undefined> {
  return {
    name: 'new-device code',
    form: null,
    // Asked on its own route only (never for a form's try): whether the account's sign-ins may be held at all.
    serves: (account, record) => account.login_type === 'password' && asksForCode(record, deps.newDeviceVerification),
    route: { name: DEVICE_CODE_ROUTE, owner: (secret) => deps.deviceCodeStore.ownerOf(readSecret(secret).attempt) },
    // A code is checked by its HMAC, in microseconds, for anyone: no costly work to make equal.
    equalWork: async () => undefined,
    verify: (attempt) => verifyCode(deps, attempt),
  };
}

/** Only from the browser whose sign-in was held: its session, restricted to the code's screen, is the account's. */
async function verifyCode(deps: DeviceCodeMethodDeps, attempt: MethodTry): Promise<Answer> {
  const { account, browser, now } = attempt;
  const session = await deps.sessions.find(browser.sessionId, ['device_code']);
  // Not a try: no sign-in of this browser is held (its session ended), or the attempt has (expired, or no tries left).
  if (session?.account_id !== account.id) return { kind: 'aside', reason: 'no held sign-in' };
  const { attempt: id, code } = readSecret(attempt.secret);
  const asker = { account, locale: session.locale, origin: browser.origin, now };
  const checked = await deps.deviceCodes.check(asker, session.id_hash, id, code);
  if (checked.result === 'ended') return { kind: 'aside', reason: 'code ended' };
  if (checked.result !== 'passed') return null;
  const mustChange = checked.mustChange === 'breached' ? ({ mustChange: 'breached' } as const) : {};
  return { kind: 'passed', step: 'password', complete: true, account, trustsBrowser: true, ...mustChange };
}

/** The route has checked the secret's shape (contract's schema). */
const readSecret = (secret: string): DeviceCodeSecret => JSON.parse(secret) as DeviceCodeSecret;
