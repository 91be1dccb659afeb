/**
 * Security events to a SIEM that takes syslog (docs/operations.md, "Security events to the SIEM"): RFC 5424 over TCP
 * to Debian's rsyslog on loopback, which reads each event once, in order, with the event's type as MSGID and the
 * published JSON as the message, and gets the events queued while it was down once it is back.
 */
import { SecurityEventSchema, type SecurityEvent } from '@portal/contract/schemas';
import { Value } from 'typebox/value';
import { afterEach, describe, expect, it } from 'vitest';
import { siemWorkerOf } from '../src/siem/index.js';
import { createTestApp, keptLog, signInSequence, type TestApp } from './harness.js';
import { Rsyslog } from './rsyslog.js';

let rsyslog: Rsyslog | undefined;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  await rsyslog?.close();
  [t, rsyslog] = [undefined, undefined];
});

/** Two passes of the worker: the second starts after the events written so far. */
async function deliver(app: TestApp['app']): Promise<void> {
  await siemWorkerOf(app).nudge();
  await siemWorkerOf(app).nudge();
}

describe('security events by syslog', () => {
  it('reach rsyslog once each, in order, as RFC 5424 with the JSON event, also after it was down', async () => {
    rsyslog = await new Rsyslog().start();
    const log = keptLog('info');
    t = await createTestApp('sqlite', {
      config: { siem: { webhook: null, syslog: { url: `tcp://127.0.0.1:${rsyslog.port}`, caFile: null } } },
      logger: log.logger,
    });
    await signInSequence(t.client(), 'demopass');
    await signInSequence(t.client(), 'demopass', 'wrong');
    await deliver(t.app);
    await expect.poll(() => rsyslog!.lines().length).toBe(2);

    await rsyslog.stop();
    await signInSequence(t.client(), 'demopass', 'wrong again');
    await signInSequence(t.client(), 'demopass');
    await deliver(t.app);
    expect(log.lines.some((line) => String(line.msg).startsWith('the SIEM receiver syslog failed'))).toBe(true);
    await rsyslog.start();
    t.clock.advance(10 * 60_000);
    await deliver(t.app);
    await expect.poll(() => rsyslog!.lines().length).toBe(4);

    const trail = await t.database.db.selectFrom('audit_event').select(['id', 'kind']).orderBy('id').execute();
    const lines = rsyslog.lines();
    const events = lines.map((line) => JSON.parse(line.msg) as SecurityEvent);
    expect(events.map(({ id, type }) => ({ id, kind: type }))).toEqual(trail);
    for (const event of events) expect(Value.Check(SecurityEventSchema, event)).toBe(true);
    // authpriv: notice for what was done, warning for a refusal; the event's type as MSGID.
    expect(lines.map(({ pri, msgid, app }) => [pri, msgid, app])).toEqual([
      ['85', 'signin.success', 'portal'],
      ['84', 'signin.failure', 'portal'],
      ['84', 'signin.failure', 'portal'],
      ['85', 'signin.success', 'portal'],
    ]);
  });
});
