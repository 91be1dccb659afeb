/**
 * Who the new-device gate holds: a password user's sign-in on a cobrand that asks (its record, else the deployment's
 * setting), never a cobrand whose users sign in at the bank's provider, never a token user.
 */
import { describe, expect, it } from 'vitest';
import type { AccountRow } from '../account/index.js';
import type { CobrandRecord } from '../cobrand/index.js';
import type { MethodTry, Passed } from '../signin-kernel/index.js';
import type { DeviceCodes } from './device-codes.js';
import { asksForCode, deviceCodeGate } from './gate.js';

const record = (extra: Partial<CobrandRecord>) =>
  ({ cobrand: { name: 'bank' }, locales: {}, ...extra }) as CobrandRecord;
const account = (login_type: string) => ({ id: 'a1', login_type, cobrand: 'bank' }) as unknown as AccountRow;
const passed = (type: string): Passed => ({
  kind: 'passed',
  step: 'password',
  complete: true,
  account: account(type),
  knowledgeOnly: true,
});
const attempt = (rec: CobrandRecord) => ({ record: rec }) as MethodTry;
const unused = {} as DeviceCodes;

describe('the new-device gate', () => {
  it('asks where the cobrand says so, else as the deployment says', () => {
    expect(asksForCode(record({}), 'email')).toBe(true);
    expect(asksForCode(record({}), 'off')).toBe(false);
    expect(asksForCode(record({ newDeviceVerification: 'off' }), 'email')).toBe(false);
    expect(asksForCode(record({ newDeviceVerification: 'email' }), 'off')).toBe(true);
  });

  it('never holds a cobrand whose users sign in at the bank’s provider, nor a token user', async () => {
    const gate = deviceCodeGate({ deviceCodes: unused, newDeviceVerification: 'email' });
    const sso = record({ identityProvider: { protocol: 'oidc' } as CobrandRecord['identityProvider'] });
    expect(await gate.holds(passed('password'), attempt(sso))).toBe(false);
    expect(await gate.holds(passed('token'), attempt(record({})))).toBe(false);
    expect(await gate.holds(passed('password'), attempt(record({})))).toBe(true);
  });
});
