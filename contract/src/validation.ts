/** Pure validation shared by the browser and the service; each returns the message key of the first failed rule. */
import { MAX_PASSWORD_LENGTH, MAX_USER_ID_LENGTH } from './constants.js';

export type ValidationKey = 'required' | 'tooLong';

/** §5: values are trimmed before they are checked and sent. */
export const trimmed = (value: string | undefined | null): string => (value ?? '').trim();

/** §5 sign-in: user ID and password are required; over-long values are refused, never truncated. */
export function validateSignIn(values: {
  userId: string;
  password: string;
}): Partial<Record<'userId' | 'password', ValidationKey>> {
  const errors: Partial<Record<'userId' | 'password', ValidationKey>> = {};
  const userId = trimmed(values.userId);
  const password = trimmed(values.password);
  if (!userId) errors.userId = 'required';
  else if (userId.length > MAX_USER_ID_LENGTH) errors.userId = 'tooLong';
  if (!password) errors.password = 'required';
  else if (password.length > MAX_PASSWORD_LENGTH) errors.password = 'tooLong';
  return errors;
}

/**
 * A redirect target the portal may follow: a path starting with exactly one `/` (no `//` or `/\`, which browsers
 * read as another host), or an absolute http(s) URL whose origin is in `allowedOrigins`.
 */
export function isAllowedRedirect(target: string, allowedOrigins: readonly string[], selfOrigin?: string): boolean {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return false;
  // A browser drops tabs and newlines from an address (`/\t/evil.example` reads as `//evil.example`): no control
  // character, and no backslash, is let through.
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return false;
  // A path on this origin, whose start reads as one slash even to a server that decodes %2F and %5C before routing.
  if (target.startsWith('/')) return !/^\/(?:[/\\]|%2f|%5c)/i.test(target);
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  return url.origin === selfOrigin || allowedOrigins.includes(url.origin);
}
