/** The common-password list (ARCHITECTURE §3, security checklist 12): 10,000 entries, compared without case. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_FILE } from '../paths.js';
import { isCommonPassword } from './common-passwords.js';

describe('isCommonPassword', () => {
  it('reads 10,000 different lowercase entries', () => {
    const entries = readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n').filter(Boolean);
    expect(entries).toHaveLength(10_000);
    expect(new Set(entries).size).toBe(10_000);
    expect(entries.every((entry) => entry === entry.toLowerCase())).toBe(true);
  });

  it.each(['password', 'PASSWORD', '123456', '1q2w3e4r5t6y'])('knows %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['Harbour-Light-77', 'Portal-Demo-2026'])('does not list %s', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
