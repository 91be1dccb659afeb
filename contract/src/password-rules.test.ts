/** The password rules both sides check (§5, §9), at the edges the security checklist names (items 7 to 10 and 14). */
import { describe, expect, it } from 'vitest';
import { brokenPasswordRules } from './password-rules.js';

describe('brokenPasswordRules', () => {
  it.each([
    ['11 characters (checklist 7)', 'Abcdefghij1', ['length']],
    ['12 characters', 'Abcdefghik12', []],
    ['20 characters', 'Abcdefghikmnpqrstu12', []],
    ['21 characters, never truncated to 20', 'Abcdefghikmnpqrstu123', ['length']],
    ['letters only (checklist 8)', 'Abcdefghikmnop', ['composition']],
    ['digits only', '123456789012', ['composition']],
    ['letters and one digit', 'Abcdefghijk1', []],
    ['letters and one special character', 'abcdefghijk!', []],
    ['two repeating characters (checklist 9)', 'aaBcdefghik1', []],
    ['three repeating characters', 'aaaBcdefghik1', ['repeats']],
    ['the user ID (checklist 10)', 'clerk-2026-north', ['notUserId']],
    ['the user ID in another case, with spaces around', ' CLERK-2026-North ', ['notUserId']],
  ])('judges %s', (_name, password, broken) => {
    expect(brokenPasswordRules(password, 'clerk-2026-north')).toEqual(broken);
  });

  it('counts code points of the NFC form, so a decomposed accent is one character (checklist 14)', () => {
    const composed = 'éèêëàâäôöûü1';
    const decomposed = composed.normalize('NFD');
    expect(decomposed.length).toBe(23);
    expect(brokenPasswordRules(composed, 'someone')).toEqual([]);
    expect(brokenPasswordRules(decomposed, 'someone')).toEqual([]);
    // A symbol outside the BMP is one code point, not two UTF-16 units: ten of them, a letter and a digit make 12.
    expect(brokenPasswordRules('🔑🔒🔓🗝🔐🛡🏦💳📇🪪a1', 'someone')).toEqual([]);
    expect(brokenPasswordRules('🔑🔒🔓🗝🔐🛡🏦💳📇a1', 'someone')).toEqual(['length']);
  });
});
