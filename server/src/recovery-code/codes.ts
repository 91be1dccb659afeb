/**
 * Recovery codes themselves: ten random codes of 50 bits each, shown as two groups of five characters of Crockford's
 * base32 (no I, L, O or U, so nothing reads as another character); what is kept of each is an HMAC under a server key
 * (docs/decisions.md, "Recovery codes"), bound to the account, so a copy of the table alone opens nothing.
 */
import { createHmac, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@portal/contract';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUP = 5;

/** A new set of distinct codes, as the user is shown them. */
export function newCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const raw = Array.from({ length: GROUP * 2 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    codes.add(`${raw.slice(0, GROUP)}-${raw.slice(GROUP)}`);
  }
  return [...codes];
}

/**
 * A code as typed, read as Crockford's base32 reads it: case, spaces and hyphens do not count, O is 0, I and L are 1.
 * Anything else (a character outside the alphabet, the wrong length) still gives a string, which matches no code.
 */
export function normalisedCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** What is kept of a code: the HMAC of the account's ID and the normalised code, under the recovery-code key. */
export const codeHmac = (key: Buffer, accountId: string, typed: string): string =>
  createHmac('sha256', key)
    .update(`${accountId}\u0000${normalisedCode(typed)}`)
    .digest('base64url');
