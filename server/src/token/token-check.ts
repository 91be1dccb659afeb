/**
 * The token half of sign-in (ARCHITECTURE §4). The password field holds PIN + tokencode, or the tokencode alone in
 * new-PIN mode. A right answer whose code sits far from the clock, or that follows wrong tries, is doubted: the user
 * must then give the next code. The sign-in service has every try do the token method's equal work (an argon2
 * verify, as a password sign-in makes) before it asks these checks, so token users cannot be told apart by time.
 */
import { PASSCODE_LENGTH, PIN_LENGTH } from '@portal/contract';
import type { AccountRow } from '../account/index.js';
import { pinMatches } from './pin.js';
import { openSealed } from '../security/sealed-box.js';
import type { TokenStore } from './token-store.js';
import { matchCode } from './tokencode.js';

/** `serverState`: the bank's token server's challenge (RADIUS State), which its next answer must carry back. */
export type TokenVerdict =
  | { kind: 'full' }
  | { kind: 'new_pin'; serverState?: Buffer }
  | { kind: 'next_token'; step: number; serverState?: Buffer };

export interface TokenKeys {
  seal: Buffer;
  pin: Buffer;
}

export async function checkToken(
  tokens: TokenStore,
  keys: TokenKeys,
  account: AccountRow,
  password: string,
  now: number,
): Promise<TokenVerdict | null> {
  const token = await tokens.find(account.id);
  const seed = token ? readableSeed(keys.seal, token.seed_sealed) : null;
  if (!token || seed === null) return null;
  const newPinMode = token.pin_hmac === null;
  if (password.length !== (newPinMode ? PASSCODE_LENGTH : PIN_LENGTH + PASSCODE_LENGTH)) return null;
  const pinRight = newPinMode || pinMatches(keys.pin, account.id, password.slice(0, PIN_LENGTH), token.pin_hmac);
  const match = matchCode(seed, newPinMode ? password : password.slice(PIN_LENGTH), now);
  if (!pinRight || !match || !(await tokens.acceptStep(account.id, match.step, now))) return null;
  if (newPinMode) return { kind: 'new_pin' };
  // The claim that admitted this try counted it: more than one means wrong tries came before.
  return match.farFromClock || account.failed_attempts > 1
    ? { kind: 'next_token', step: match.step }
    : { kind: 'full' };
}

/** The next-tokencode answer: a code of the step after the doubted one (or the one after, for a slow hand). */
export async function checkNextCode(
  tokens: TokenStore,
  keys: TokenKeys,
  accountId: string,
  afterStep: number,
  code: string,
  now: number,
): Promise<boolean> {
  const token = await tokens.find(accountId);
  const seed = token ? readableSeed(keys.seal, token.seed_sealed) : null;
  if (seed === null) return false;
  const match = matchCode(seed, code, now);
  return (
    match !== null &&
    match.step > afterStep &&
    match.step <= afterStep + 2 &&
    (await tokens.acceptStep(accountId, match.step, now))
  );
}

/** A seed sealed under another PORTAL_SECRET (rotated) cannot be read: that token is refused, not an error. */
function readableSeed(key: Buffer, sealed: string): string | null {
  try {
    return openSealed(key, sealed);
  } catch {
    return null;
  }
}
