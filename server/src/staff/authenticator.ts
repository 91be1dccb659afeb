/**
 * The operators' second factor: an authenticator app's code, TOTP (RFC 6238) as every such app reads it by default,
 * 6 digits every 30 s (the users' tokens show 8 digits every 60 s, as the bank's hardware tokens do; staff use phones).
 * A code is accepted one step either side of the clock, and once only (`totp_last_step`).
 */
import { CONSOLE_CODE_LENGTH } from '@portal/contract/console';
import { generateSecret, generateSync, generateURI } from 'otplib';

const DIGITS = CONSOLE_CODE_LENGTH;
export const STEP_MS = 30_000;
/** What the operator's app shows beside the name. */
export const ISSUER = 'Help-desk console';

export const stepAt = (now: number): number => Math.floor(now / STEP_MS);
export const newSecret = (): string => generateSecret({ length: 20 });
export const codeAt = (secret: string, step: number): string =>
  generateSync({ strategy: 'hotp', secret, counter: step, digits: DIGITS });

/**
 * The step whose code this is, within one step of the clock; null for none. Every step in reach is computed whatever
 * the code, so a right code and a wrong one cost the same.
 */
export function matchStep(secret: string, code: string, now: number): number | null {
  const current = stepAt(now);
  const wellFormed = code.length === DIGITS && /^\d+$/.test(code);
  let found: number | null = null;
  for (const step of [current, current - 1, current + 1]) {
    if (codeAt(secret, step) === code && wellFormed && found === null) found = step;
  }
  return found;
}

export const authenticatorUri = (secret: string, name: string): string =>
  generateURI({ strategy: 'totp', issuer: ISSUER, label: name, secret, digits: DIGITS, period: STEP_MS / 1000 });
