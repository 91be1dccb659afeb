/** How the security page names a try from its audit row: a passkey's or a recovery code's sign-in is not a token's. */
import { describe, expect, it } from 'vitest';
import { methodOf } from './security-service.js';

describe('the security page names each sign-in by its method', () => {
  it.each([
    [true, { step: 'password' }, 'password'],
    [true, { step: 'passkey' }, 'passkey'],
    [true, { step: 'recovery_code' }, 'recoveryCode'],
    [true, { step: 'next tokencode' }, 'token'],
    [true, { step: 'sso' }, 'sso'],
    [false, { method: 'passkey', reason: 'credentials' }, 'passkey'],
    [false, { method: 'recovery-code', reason: 'credentials' }, 'recoveryCode'],
    [false, { method: 'device-code', reason: 'credentials' }, 'verificationCode'],
    [false, { method: 'token', reason: 'credentials' }, 'token'],
    [false, { reason: 'next tokencode' }, 'token'],
    [false, { reason: 'credentials' }, null],
  ])('success %s with %o: %s', (success, detail, expected) => {
    expect(methodOf({ success, detail })).toBe(expected);
  });
});
