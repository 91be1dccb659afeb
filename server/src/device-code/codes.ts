/** The codes: random digits, kept as an HMAC bound to their attempt, and the address they went to as a screen shows it. */
import { createHmac, randomInt } from 'node:crypto';
import { DEVICE_CODE_LENGTH } from '@portal/contract/device-code';

export const newCode = (): string => String(randomInt(0, 10 ** DEVICE_CODE_LENGTH)).padStart(DEVICE_CODE_LENGTH, '0');

/** The code's HMAC under the server's key, bound to its attempt: the same digits for another attempt differ. */
export const codeHmac = (key: Buffer, attempt: string, digits: string): string =>
  createHmac('sha256', key).update(`${attempt}:${digits}`).digest('base64url');

/** `j•••@example.com`: enough for the owner to know the mailbox, too little to learn it from the screen. */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
