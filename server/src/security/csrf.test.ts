import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidCsrfToken, issueCsrfToken, sessionBinding } from './csrf.js';

const key = randomBytes(32);
const session = sessionBinding('a-session-cookie-value');

/** The token with one character replaced by another of the same alphabet. */
const flip = (token: string, index: number): string =>
  token.slice(0, index) + (token[index] === 'A' ? 'B' : 'A') + token.slice(index + 1);

describe('anti-forgery token', () => {
  it('is 20 URL-safe characters and different every time', () => {
    const tokens = new Set(Array.from({ length: 20 }, () => issueCsrfToken(key, session)));
    expect(tokens.size).toBe(20);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{20}$/);
  });

  it('is accepted for the binding it was issued for', () => {
    expect(isValidCsrfToken(key, issueCsrfToken(key, session), session)).toBe(true);
    const anonymous = sessionBinding(undefined);
    expect(isValidCsrfToken(key, issueCsrfToken(key, anonymous), anonymous)).toBe(true);
  });

  it('is refused for another session, for no session, and under another key', () => {
    const token = issueCsrfToken(key, session);
    expect(isValidCsrfToken(key, token, sessionBinding('another-session'))).toBe(false);
    expect(isValidCsrfToken(key, token, sessionBinding(undefined))).toBe(false);
    expect(isValidCsrfToken(randomBytes(32), token, session)).toBe(false);
    expect(isValidCsrfToken(key, issueCsrfToken(key, sessionBinding(undefined)), session)).toBe(false);
  });

  it.each([0, 7, 8, 19])('is refused when character %i is changed', (index) => {
    const token = issueCsrfToken(key, session);
    expect(isValidCsrfToken(key, flip(token, index), session)).toBe(false);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['one character short', 'x'.repeat(19)],
    ['one character long', 'x'.repeat(21)],
  ])('is refused when %s', (_case, token) => {
    expect(isValidCsrfToken(key, token, session)).toBe(false);
  });

  it('binds to the session cookie without revealing it', () => {
    expect(sessionBinding('cookie-a')).toBe(sessionBinding('cookie-a'));
    expect(sessionBinding('cookie-a')).not.toBe(sessionBinding('cookie-b'));
    expect(sessionBinding('cookie-a')).not.toContain('cookie-a');
  });
});
