/**
 * Security events to a SIEM that takes syslog (docs/operations.md, "Security events to the SIEM"): RFC 5424 over TCP
 * to Debian's rsyslog on loopback, which reads each event once, in order, with the event's type as MSGID and the
 * published JSON as the message, and gets the events queued while it was down once it is back. Over TLS (RFC 5425,
 * rsyslog's gtls driver), a collector whose certificate chains to the configured CA takes them; one it does not
 * verify is sent nothing, the operator's log says why, and the events wait for a collector that is verified.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { SecurityEventSchema, type SecurityEvent } from '@portal/contract/schemas';
import { Value } from 'typebox/value';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../src/db/audit-log.js';
import { siemForwarder, siemWorkerOf } from '../src/siem/index.js';
import { createTestApp, keptLog, signInSequence, type TestApp } from './harness.js';
import { Rsyslog } from './rsyslog.js';
import { certificateFor } from './smtp.js';

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

/** The audit trail, oldest first, each event with its account's ID (null for none): what the collector must receive. */
const trail = () =>
  t!.database.db.selectFrom('audit_event').select(['id', 'kind', 'account_id as account']).orderBy('id').execute();

/**
 * Every event of the trail received once, and each account's in the trail's order: the outbox keeps an account's order
 * (and that of the events of no account, the demo operators' making among them), not one order across accounts.
 */
async function expectTrail(events: SecurityEvent[]): Promise<void> {
  const got = events.map(({ id, type, account }) => ({ id, kind: type, account: account?.id ?? null }));
  const want = await trail();
  expect([...got].sort((a, b) => a.id.localeCompare(b.id))).toEqual(want);
  for (const account of new Set(want.map((event) => event.account)))
    expect(got.filter((event) => event.account === account)).toEqual(want.filter((e) => e.account === account));
}
/** Delivers what is waiting, and waits until the collector wrote every event of the trail. */
async function deliverAll(): Promise<void> {
  await deliver(t!.app);
  const expected = (await trail()).length;
  await expect.poll(() => rsyslog!.lines().length).toBe(expected);
}
const received = () => rsyslog!.lines().map((line) => JSON.parse(line.msg) as SecurityEvent);

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
    await deliverAll();

    await rsyslog.stop();
    await signInSequence(t.client(), 'demopass', 'wrong again');
    await signInSequence(t.client(), 'demopass');
    await deliver(t.app);
    expect(log.lines.some((line) => String(line.msg).startsWith('the SIEM receiver syslog failed'))).toBe(true);
    await rsyslog.start();
    t.clock.advance(10 * 60_000);
    await deliverAll();

    const events = received();
    await expectTrail(events);
    for (const event of events) expect(Value.Check(SecurityEventSchema, event)).toBe(true);
    // authpriv: notice for what was done, warning for a refusal; the event's type as MSGID.
    const signIns = rsyslog.lines().filter(({ msgid }) => msgid.startsWith('signin.'));
    expect(signIns.map(({ pri, msgid, app }) => [pri, msgid, app])).toEqual([
      ['85', 'signin.success', 'portal'],
      ['84', 'signin.failure', 'portal'],
      ['84', 'signin.failure', 'portal'],
      ['85', 'signin.success', 'portal'],
    ]);
  });
});

describe('security events by syslog over TLS', () => {
  const syslogOverTls = (port: number, caFile: string | null) => ({
    config: { siem: { webhook: null, syslog: { url: `tls://127.0.0.1:${port}`, caFile } } },
  });

  it('reach rsyslog once each, in order, when its certificate chains to the configured CA', async () => {
    const certificate = certificateFor('127.0.0.1');
    rsyslog = await new Rsyslog(certificate).start();
    t = await createTestApp('sqlite', syslogOverTls(rsyslog.port, certificate.file));
    await signInSequence(t.client(), 'demopass');
    await signInSequence(t.client(), 'demopass', 'wrong');
    await deliverAll();
    await expectTrail(received());
    const signIns = rsyslog.lines().filter(({ msgid }) => msgid.startsWith('signin.'));
    expect(signIns.map(({ pri, msgid }) => [pri, msgid])).toEqual([
      ['85', 'signin.success'],
      ['84', 'signin.failure'],
    ]);
  });

  it('send nothing to a collector the CA file does not verify, say why, and keep the events', async () => {
    const certificate = certificateFor('127.0.0.1');
    const otherCa = certificateFor('127.0.0.1');
    rsyslog = await new Rsyslog(certificate).start();
    // Another CA's file, and none (Node's own list of public CAs): neither verifies the collector's certificate.
    for (const caFile of [otherCa.file, null]) {
      const log = keptLog('info');
      t = await createTestApp('sqlite', { ...syslogOverTls(rsyslog.port, caFile), logger: log.logger });
      await signInSequence(t.client(), 'demopass');
      await deliver(t.app);
      const said = log.lines.map((line) => String(line.msg)).find((m) => m.startsWith('the SIEM receiver syslog'));
      expect(said, String(caFile)).toMatch(
        /^the SIEM receiver syslog failed \(the syslog server's certificate was not verified \([A-Z_]+: .*SIEM_SYSLOG_CA_FILE must name the CA/,
      );
      const waiting = await t.database.db.selectFrom('siem_outbox').select('event_id').orderBy('event_id').execute();
      expect(waiting.map((row) => row.event_id)).toEqual((await trail()).map((event) => event.id));
      await t.close();
      t = undefined;
    }
    // The handshake failed before a byte of an event went out.
    expect(rsyslog.lines()).toEqual([]);
  });
});

/** The rsyslog template docs/operations.md gives ("Security events to the SIEM", Syslog), word for word. */
const documentedTemplate = () =>
  readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8')
    .split('\n')
    .find((line) => line.startsWith('template(name="json"'))!;

/** Each line of `file` read by Python's json.loads, answered as JSON again (ASCII): what a Python consumer gets. */
function readByPython(file: string): unknown[] {
  const script =
    'import json,sys\nfor line in open(sys.argv[1], encoding="utf-8"): print(json.dumps(json.loads(line)))';
  const run = spawnSync('python3', ['-c', script, file], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`json.loads refused a line: ${run.stderr}`);
  return run.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as unknown);
}

describe('security events through the documented rsyslog template', () => {
  it("are written one JSON event a line, with no BOM, read alike by Node's JSON.parse and Python's json.loads", async () => {
    rsyslog = await new Rsyslog(undefined, documentedTemplate()).start();
    t = await createTestApp('sqlite', {
      config: { siem: { webhook: null, syslog: { url: `tcp://127.0.0.1:${rsyslog.port}`, caFile: null } } },
    });
    await signInSequence(t.client(), 'demopass', 'wrong');
    // An administrator's change with text beyond ASCII, as the command line records one.
    const cli = new AuditLog(t.database.db, t.clock.now, undefined, siemForwarder(t.database, t.clock.now));
    const detail = { name: 'Zoë Ångström-Øre 李 😀' };
    await cli.record('account.name.set', null, detail, { origin: { actor: 'cli:jürgen' } });
    await deliver(t.app);
    const expected = (await trail()).length;
    await expect.poll(() => rsyslog!.written().toString('utf8').split('\n').filter(Boolean).length).toBe(expected);

    const written = rsyslog.written();
    expect(written.includes(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
    const byNode = written
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as SecurityEvent);
    await expectTrail(byNode);
    expect(byNode.at(-1)).toMatchObject({ type: 'account.name.set', actor: 'cli:jürgen', detail });
    expect(readByPython(rsyslog.output)).toEqual(byNode);
  });
});
