/**
 * The `sec-token` anti-forgery token (§7, §9): 20 characters, 8 random plus 12 of an HMAC that binds them to the
 * session cookie (or to "no session"), so a token planted from elsewhere or carried over from another session fails.
 */
import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_TOKEN_LENGTH } from '@portal/contract';

const NONCE_LENGTH = 8;
const ANONYMOUS = 'no-session';

export const sessionBinding = (sessionCookie: string | undefined): string =>
  // crypto.hash: the one-shot digest, cheaper than a Hash object on a path every request takes.
  sessionCookie ? hash('sha256', sessionCookie, 'base64url') : ANONYMOUS;

const mac = (key: Buffer, nonce: string, binding: string): string =>
  createHmac('sha256', key)
    .update(`${nonce}.${binding}`)
    .digest('base64url')
    .slice(0, CSRF_TOKEN_LENGTH - NONCE_LENGTH);

export function issueCsrfToken(key: Buffer, binding: string): string {
  const nonce = randomBytes(6).toString('base64url');
  return nonce + mac(key, nonce, binding);
}

export function isValidCsrfToken(key: Buffer, token: string | undefined, binding: string): boolean {
  if (typeof token !== 'string' || token.length !== CSRF_TOKEN_LENGTH) return false;
  const expected = Buffer.from(mac(key, token.slice(0, NONCE_LENGTH), binding));
  const given = Buffer.from(token.slice(NONCE_LENGTH));
  return expected.length === given.length && timingSafeEqual(expected, given);
}
