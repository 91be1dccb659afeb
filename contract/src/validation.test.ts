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

  // The security checklist's redirect vectors (its section 3), with www.skerrymoor.example as the tenant.
  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    'https://www.skerrymoor.example.evil.example',
    'https://www.skerrymoor.example@evil.example',
    'https://www.skerrymoor.example%40evil.example',
    'https://a@b@evil.example',
    'https://evil.example#@www.skerrymoor.example',
    'https://evil.example?.www.skerrymoor.example',
    'http://www.skerrymoor.example',
    'https://localhost',
    'https://127.0.0.1',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    '\tjavascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://www.skerrymoor.example\t.evil',
  ])('rejects the checklist vector %j', (target) => {
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
    expect(
      validateSignIn({ userId: 'a'.repeat(MAX_USER_ID_LENGTH + 1), password: 'b'.repeat(MAX_PASSWORD_LENGTH + 1) }),
    ).toEqual({ userId: 'tooLong', password: 'tooLong' });
    expect(
      validateSignIn({ userId: 'a'.repeat(MAX_USER_ID_LENGTH), password: 'b'.repeat(MAX_PASSWORD_LENGTH) }),
    ).toEqual({});
  });

  it('trims null and undefined to an empty string', () => {
    expect(trimmed(null)).toBe('');
    expect(trimmed(undefined)).toBe('');
    expect(trimmed('  a b  ')).toBe('a b');
  });
});
