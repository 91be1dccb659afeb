/**
 * The audit trail (docs/operations.md): every security event of an account is written as it happens, read back by
 * `portal audit list` and `audit export`, and never holds a secret.
 */
import { Paths } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../src/db/audit-log.js';
import { DEMO_ANSWER, DEMO_PASSWORD } from '../src/demo-users.js';
import { accountRow, answerSecurityQuestion, createTestApp, signInSequence, type TestApp } from './harness.js';

describe('the audit trail of one account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { config: { sessionIdleSeconds: 300 } });
  });
  afterAll(() => t?.close());

  const kindsSince = async (since: number) => {
    const account = (await accountRow(t.database, 'demopass'))!;
    return (await new AuditLog(t.database.db, t.clock.now).list(since, account.id)).map((e) => ({
      kind: e.kind,
      ...(typeof e.detail.reason === 'string' ? { reason: e.detail.reason } : {}),
    }));
  };

  /** A sign-in from a browser the account had not signed in from: it is trusted from then on, and mailed. */
  const newBrowser = [{ kind: 'signin.success' }, { kind: 'device.trusted' }, { kind: 'device.new.mailed' }];

  it('records a sign-in, a logout and a session that expired', async () => {
    const since = t.clock.now();
    const browser = t.client();
    expect((await signInSequence(browser, 'demopass')).statusCode).toBe(200);
    await browser.get(Paths.logout, { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    const idle = t.client();
    expect((await signInSequence(idle, 'demopass')).statusCode).toBe(200);
    t.clock.advance(301_000);
    expect((await idle.get(Paths.sessionPing)).statusCode).toBe(401);
    expect(await kindsSince(since)).toEqual([
      ...newBrowser,
      { kind: 'session.logout' },
      ...newBrowser,
      { kind: 'session.ended', reason: 'expired' },
    ]);
  });

  it('records recovery asked and mailed', async () => {
    const since = t.clock.advance(1_000);
    expect((await answerSecurityQuestion(t.client(), 'demopass', DEMO_ANSWER)).statusCode).toBe(200);
    expect(await kindsSince(since)).toEqual([{ kind: 'recovery.asked' }, { kind: 'recovery.mailed' }]);
  });

  it('records six refusals, the lock and its mail, with no password anywhere', async () => {
    const since = t.clock.advance(60_000);
    const signedIn = t.client();
    expect((await signInSequence(signedIn, 'demopass')).statusCode).toBe(200);
    for (let i = 0; i < 6; i += 1) await signInSequence(t.client(), 'demopass', `Wrong-Password-${i}`);
    expect(await kindsSince(since)).toEqual([
      ...newBrowser,
      ...Array.from({ length: 6 }, () => ({ kind: 'signin.failure', reason: 'credentials' })),
      // The lock and its event commit together; then it is mailed. The browser signed in above is trusted: the lock
      // on unknown devices leaves its session alone.
      { kind: 'account.locked' },
      { kind: 'device.lock.mailed' },
    ]);
    const everything = JSON.stringify(await new AuditLog(t.database.db, t.clock.now).list(0));
    for (const secret of [DEMO_PASSWORD, 'Wrong-Password-0', DEMO_ANSWER]) expect(everything).not.toContain(secret);
  });
});
