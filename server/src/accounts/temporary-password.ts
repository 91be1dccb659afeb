/** A random temporary password that itself satisfies the password policy (ARCHITECTURE §3). */
import { randomInt } from 'node:crypto';
import { brokenPasswordRules } from '@portal/contract';
import { isCommonPassword } from './common-passwords.js';

// No look-alikes (0/O, 1/l/I): the password is read from a mail and typed by hand.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789#%+=?@';
const LENGTH = 16;

export function generateTemporaryPassword(userId: string): string {
  for (;;) {
    const candidate = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (/\d/.test(candidate) && brokenPasswordRules(candidate, userId).length === 0 && !isCommonPassword(candidate)) return candidate;
  }
}
