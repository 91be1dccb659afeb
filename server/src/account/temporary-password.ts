/** A random temporary password that itself satisfies the password policy (ARCHITECTURE §3). */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { brokenPasswordRules } from '@portal/contract/password-rules';
import { isCommonPassword } from './common-passwords.js';

// No look-alikes (0/O, 1/l/I): the password is read from a mail and typed by hand.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789#%+=?@';
const LENGTH = 16;

export function generateTemporaryPassword(userId: string): string {
  for (;;) {
    const candidate = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (/\d/.test(candidate) && brokenPasswordRules(candidate, userId).length === 0 && !isCommonPassword(candidate))
      return candidate;
  }
}

/**
 * A temporary password is random (16 characters of 63, about 95 bits), so a keyed digest keeps it as safe at rest as
 * argon2 would, and checking one costs microseconds. That lets every sign-in try make exactly one argon2 verify,
 * against the account's own password, whether a recovery is under way or not (docs/security.md, finding 3).
 */
export function temporaryPasswordDigest(key: Buffer, accountId: string, password: string): string {
  return createHmac('sha256', key).update(`${accountId}\u0000${password}`).digest('base64url');
}

/** Constant-time; false when there is no pending digest, after the same work. */
export function matchesTemporaryPassword(
  key: Buffer,
  accountId: string,
  password: string,
  digest: string | undefined,
): boolean {
  const given = Buffer.from(temporaryPasswordDigest(key, accountId, password));
  const expected = Buffer.alloc(given.length);
  expected.write(digest ?? '');
  return timingSafeEqual(given, expected) && digest !== undefined && digest.length === given.length;
}
