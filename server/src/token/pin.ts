/** PINs: 4 digits, not starting with 0 (§5). 10^4 values gain nothing from a slow hash, so an HMAC under a server key. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PIN_LENGTH } from '@portal/contract';

export const isValidPin = (pin: string): boolean => new RegExp(`^[1-9]\\d{${PIN_LENGTH - 1}}$`).test(pin);

export const pinHmac = (key: Buffer, accountId: string, pin: string): string =>
  createHmac('sha256', key).update(`${accountId}\u0000${pin}`).digest('base64url');

export function pinMatches(key: Buffer, accountId: string, pin: string, stored: string | null): boolean {
  if (stored === null) return false;
  const given = Buffer.from(pinHmac(key, accountId, pin));
  const expected = Buffer.from(stored);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
