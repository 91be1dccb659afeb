/**
 * Tokencodes as a SecurID-style token shows them: 8 digits that change every 60 s. That is TOTP (RFC 6238), which is
 * HOTP over the 60-second step count, so a phone authenticator can be the soft token.
 */
import { PASSCODE_LENGTH } from '@portal/contract';
import { generateSecret, generateSync, generateURI } from 'otplib';

export const STEP_MS = 60_000;
/** Steps either side of the clock accepted without doubt, and the farther reach where a right code raises doubt. */
const NEAR = 1;
const FAR = 10;

export const stepAt = (now: number): number => Math.floor(now / STEP_MS);
export const newSeed = (): string => generateSecret({ length: 20 });
export const codeAt = (seed: string, step: number): string =>
  generateSync({ strategy: 'hotp', secret: seed, counter: step, digits: PASSCODE_LENGTH });

export interface CodeMatch {
  step: number;
  /** True when the code belongs to a step far from the clock: the token is then doubted (next-tokencode mode). */
  farFromClock: boolean;
}

/** The step whose code this is, looking near the clock first; null when it belongs to none in reach. */
export function matchCode(seed: string, code: string, now: number): CodeMatch | null {
  if (!/^\d{8}$/.test(code)) return null;
  const current = stepAt(now);
  for (let distance = 0; distance <= FAR; distance += 1) {
    for (const step of distance === 0 ? [current] : [current - distance, current + distance]) {
      if (codeAt(seed, step) === code) return { step, farFromClock: distance > NEAR };
    }
  }
  return null;
}

export const otpauthUri = (seed: string, issuer: string, userId: string): string =>
  generateURI({
    strategy: 'totp',
    issuer,
    label: userId,
    secret: seed,
    digits: PASSCODE_LENGTH,
    period: STEP_MS / 1000,
  });
