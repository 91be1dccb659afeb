import { describe, expect, it } from 'vitest';
import { MAX_PASSWORD_LENGTH, MAX_USER_ID_LENGTH } from './constants.js';
import { isAllowedRedirect, trimmed, validateSignIn } from './validation.js';

const ALLOWED = ['https://www.skerrymoor.example'];
const SELF = 'https://portal.example.com';

describe('isAllowedRedirect', () => {
  it.each([
    '/x',
    '/public-portal-ui/change-password-component?ec=0x13212079&cobrandHost=skerrymoor',
    'https://www.skerrymoor.example/home',
    'https://www.skerrymoor.example',
    'https://portal.example.com/sdportal/platform/home',
  ])('accepts %j', (target) => {
    expect(isAllowedRedirect(target, ALLOWED, SELF)).toBe(true);
  });

  it.each([
    ['a protocol-relative address', '//evil.example/x'],
    ['a backslash after the slash', '/\\evil.example'],
    ['a backslash in an allowed address', 'https://www.skerrymoor.example\\@evil.example/'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['another origin', 'https://evil.example'],
    ['an allowed host over another scheme', 'http://www.skerrymoor.example/'],
    ['an allowed host on another port', 'https://www.skerrymoor.example:8443/'],
    ['a look-alike host', 'https://www.skerrymoor.example.evil.example/'],
    ['credentials in the URL', 'https://user:pass@www.skerrymoor.example/'],
    ['a user name in the URL', 'https://www.skerrymoor.example@evil.example/'],
    ['a newline', '/x\nLocation: https://evil.example'],
    ['a tab', '/\t/evil.example'],
    ['a NUL', '/x\u0000'],
    ['DEL', '/x\u007f'],
    ['an empty string', ''],
    ['a relative path without a slash', 'evil.example/x'],
    ['an over-long address', `/${'a'.repeat(2048)}`],
  ])('rejects %s', (_case, target) => {
    expect(isAllowedRedirect(target, ALLOWED, SELF)).toBe(false);
  });

  it('accepts its own origin only when told which it is', () => {
    expect(isAllowedRedirect('https://portal.example.com/x', ALLOWED)).toBe(false);
    expect(isAllowedRedirect('https://portal.example.com/x', ALLOWED, SELF)).toBe(true);
  });
});

describe('validateSignIn', () => {
  it('requires both fields after trimming', () => {
    expect(validateSignIn({ userId: '  ', password: '' })).toEqual({ userId: 'required', password: 'required' });
    expect(validateSignIn({ userId: ' demopass ', password: 'x' })).toEqual({});
  });

  it('refuses over-long values rather than truncating them', () => {
    expect(validateSignIn({ userId: 'a'.repeat(MAX_USER_ID_LENGTH + 1), password: 'b'.repeat(MAX_PASSWORD_LENGTH + 1) }))
      .toEqual({ userId: 'tooLong', password: 'tooLong' });
    expect(validateSignIn({ userId: 'a'.repeat(MAX_USER_ID_LENGTH), password: 'b'.repeat(MAX_PASSWORD_LENGTH) })).toEqual({});
  });

  it('trims null and undefined to an empty string', () => {
    expect(trimmed(null)).toBe('');
    expect(trimmed(undefined)).toBe('');
    expect(trimmed('  a b  ')).toBe('a b');
  });
});
