/**
 * Security events to the bank's SIEM by signed webhooks (docs/operations.md, "Security events to the SIEM"): a receiver
 * on loopback that goes down, with the portal restarted meanwhile, gets every audit event once it is back, once each,
 * in order per account, each signed as Standard Webhooks says and in the published shape; a cobrand's own endpoint
 * gets its cobrand's events only; two instances on one database deliver each event once.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SecurityEventSchema, type SecurityEvent } from '@portal/contract/schemas';
import type { FastifyInstance } from 'fastify';
import { Value } from 'typebox/value';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, metricsOf } from '../src/app.js';
import { AuditLog } from '../src/db/audit-log.js';
import { siemForwarder, siemWorkerOf } from '../src/siem/index.js';
import type { Config } from '../src/config.js';
import { DEMO_PASSWORD } from '../src/demo-users.js';
import type { PortalDatabase } from '../src/db/database.js';
import { accountRow, createTestApp, DIALECTS, keptLog, portalCli, signInSequence, TestClient } from './harness.js';
import { WebhookReceiver, webhookSecret, type Received } from './webhook-receiver.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) BankTest/1.0';
const siemTo = (receiver: WebhookReceiver): Partial<Config> => ({
  siem: { webhook: { url: receiver.url, secret: receiver.secret }, syslog: null },
});

/** Two passes of the app's SIEM worker: the second starts after the events written so far. */
async function deliver(app: FastifyInstance): Promise<void> {
  await siemWorkerOf(app).nudge();
  await siemWorkerOf(app).nudge();
}

/**
 * Delivers until nothing waits: a pass sends the earliest waiting event of each account, and of no account (where the
 * demo operators' making, the command line's key changes and an unknown user's refusals queue in order).
 */
async function drain(app: FastifyInstance, database: PortalDatabase): Promise<void> {
  for (let pass = 0; pass < 10 && (await waiting(database)) > 0; pass += 1) await deliver(app);
}

/** What the receiver got, but the demo operators' making at the start: these tests are of users' and keys' events. */
const withoutOperators = (events: { event: SecurityEvent }[]) =>
  events.filter(({ event }) => !event.type.startsWith('operator.'));

async function signIn(app: FastifyInstance, userId: string, password?: string): Promise<void> {
  await signInSequence(new TestClient(app, { headers: { 'user-agent': BROWSER } }), userId, password);
}

async function auditTrail(database: PortalDatabase) {
  return database.db.selectFrom('audit_event').select(['id', 'account_id', 'kind']).orderBy('id').execute();
}

async function waiting(database: PortalDatabase): Promise<number> {
  const { n } = await database.db
    .selectFrom('siem_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The IDs the receiver took for each account, in the order it took them. */
const byAccount = (events: { id: string; account: string | null }[]) => {
  const streams = new Map<string, string[]>();
  for (const { id, account } of events) streams.set(account ?? '', [...(streams.get(account ?? '') ?? []), id]);
  return streams;
};
const received = (events: Received[]) => events.map(({ id, event }) => ({ id, account: event.account?.id ?? null }));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

for (const dialect of DIALECTS)
  describe(`security events by webhook (${dialect})`, () => {
    it('reach a receiver that was down, with the portal restarted meanwhile: each once, in order, signed', async () => {
      const receiver = await new WebhookReceiver(webhookSecret('deployment')).start();
      cleanups.push(() => receiver.stop());
      const log = keptLog('info');
      const t = await createTestApp(dialect, { config: siemTo(receiver), logger: log.logger });
      cleanups.push(() => t.close());
      await signIn(t.app, 'demopass');
      await signIn(t.app, 'demopass', 'not the password');
      await deliver(t.app);
      // A full sign-in also trusts its browser (device.* events): the sign-in's own events, in order.
      const signIns = receiver.events.filter(({ event }) => event.type.startsWith('signin.'));
      expect(signIns.map(({ event }) => event.type)).toEqual(['signin.success', 'signin.failure']);

      // Nothing in flight when the receiver goes: a response cut off would be sent again (at least once), as it should.
      await drain(t.app, t.database);
      await receiver.stop();
      await signIn(t.app, 'demopass', 'wrong again');
      await signIn(t.app, 'demoinactive');
      await deliver(t.app);
      const failure = log.lines.find((line) => String(line.msg).startsWith('the SIEM receiver webhook failed'));
      expect(failure?.level).toBe(40);
      expect(String(failure?.msg)).toContain('its events are kept and tried again');
      const metrics = await metricsOf(t.app).metrics();
      const delivered = new RegExp(
        `^portal_siem_deliveries_total\\{outcome="delivered"\\} ${receiver.events.length}$`,
        'm',
      );
      expect(metrics).toMatch(delivered);
      expect(metrics).toMatch(/^portal_siem_deliveries_total\{outcome="failed"\} [1-9]/m);
      expect(metrics).toMatch(/^portal_siem_backlog_events 2$/m);
      expect(metrics).toMatch(/^portal_siem_lag_seconds \d/m);

      // The portal restarts while the receiver is still down, and works on.
      await t.app.close();
      const restarted = await buildApp({ config: t.config, database: t.database, clock: t.clock.now, logger: false });
      cleanups.push(() => restarted.close());
      await signIn(restarted, 'demopass');
      await signIn(restarted, 'demoinactive', 'wrong');
      // Every event not yet received waits (a full sign-in's device events among them).
      const undelivered = (await auditTrail(t.database)).length - receiver.events.length;
      expect(undelivered).toBeGreaterThanOrEqual(4);
      expect(await waiting(t.database)).toBe(undelivered);

      await receiver.start();
      t.clock.advance(10 * 60_000); // past every retry's backoff
      await deliver(restarted);
      expect(await waiting(t.database)).toBe(0);

      const trail = await auditTrail(t.database);
      expect(trail.length).toBeGreaterThanOrEqual(6);
      expect(receiver.events.map(({ id }) => id).sort()).toEqual(trail.map(({ id }) => id));
      expect(receiver.duplicates).toBe(0);
      expect(receiver.forged).toBe(0);
      expect(byAccount(received(receiver.events))).toEqual(
        byAccount(trail.map(({ id, account_id }) => ({ id, account: account_id }))),
      );
      for (const { event } of receiver.events) expect(Value.Check(SecurityEventSchema, event)).toBe(true);
      const refused = receiver.events.find(({ event }) => event.type === 'signin.failure')!.event;
      expect(refused).toMatchObject({
        outcome: 'failure',
        method: 'password',
        cobrand: 'skerrymoor',
        account: { userId: 'demopass' },
        client: { userAgent: BROWSER },
      });
      expect(refused.client.address).toBeTruthy();
    });

    it('names the locked or inactive account a refused sign-in tried, though the answer tells nothing', async () => {
      const receiver = await new WebhookReceiver(webhookSecret('deployment')).start();
      cleanups.push(() => receiver.stop());
      const t = await createTestApp(dialect, { config: siemTo(receiver) });
      cleanups.push(() => t.close());
      const attempt = (userId: string) => signInSequence(t.client(), userId, DEMO_PASSWORD);
      const unknown = await attempt('nobody-here');
      for (const refused of [await attempt('demolocked'), await attempt('demoinactive')]) {
        expect(refused.statusCode).toBe(401);
        expect(refused.body).toBe(unknown.body);
      }
      await drain(t.app, t.database);
      const failures = receiver.events
        .filter(({ event }) => event.type === 'signin.failure')
        .map(({ event }) => ({ outcome: event.outcome, userId: event.account?.userId, reason: event.detail.reason }));
      // Each account's events keep their order; across accounts (the unknown user's have none) they need not.
      expect(failures.sort((a, b) => String(a.reason).localeCompare(String(b.reason)))).toEqual([
        { outcome: 'failure', userId: 'demoinactive', reason: 'inactive' },
        { outcome: 'failure', userId: 'demolocked', reason: 'locked' },
        { outcome: 'failure', userId: undefined, reason: 'unavailable' },
      ]);
      // The trail says the same: `portal audit list` names the user.
      const trail = await new AuditLog(t.database.db, t.clock.now).list(0);
      const refusals = trail.filter((entry) => entry.kind === 'signin.failure').map((entry) => entry.userId);
      expect(refusals).toEqual([null, 'demolocked', 'demoinactive']);
    });

    it("sends a cobrand's events, and only those, to the cobrand's own endpoint", async () => {
      const deployment = await new WebhookReceiver(webhookSecret('deployment')).start();
      const bank = await new WebhookReceiver(webhookSecret('skerrymoor bank')).start();
      cleanups.push(
        () => deployment.stop(),
        () => bank.stop(),
      );
      const t = await createTestApp(dialect, {
        config: siemTo(deployment),
        env: { SKERRYMOOR_SIEM_SECRET: bank.secret },
        beforeStart: async (database) => {
          await withEndpoint(database, 'skerrymoor', bank.url, 'SKERRYMOOR_SIEM_SECRET');
          await database.db
            .updateTable('account')
            .set({ cobrand: 'larchmere' })
            .where('user_id', '=', 'demoexpired')
            .execute();
        },
      });
      cleanups.push(() => t.close());
      await signIn(t.app, 'demopass');
      await signIn(t.app, 'demoexpired');
      await signIn(t.app, 'demopass', 'wrong');
      await deliver(t.app);
      const signIns = (events: typeof bank.events) => events.filter(({ event }) => event.type.startsWith('signin.'));
      expect(signIns(deployment.events).map(({ event }) => event.cobrand)).toEqual([
        'skerrymoor',
        'larchmere',
        'skerrymoor',
      ]);
      expect(bank.events.every(({ event }) => event.cobrand === 'skerrymoor')).toBe(true);
      expect(signIns(bank.events).map(({ event }) => event.cobrand)).toEqual(['skerrymoor', 'skerrymoor']);
      expect(bank.events.map(({ id }) => id)).toEqual(
        deployment.events.filter(({ event }) => event.cobrand === 'skerrymoor').map(({ id }) => id),
      );
      expect(bank.forged).toBe(0);
    });

    it('is delivered once when two instances work the same outbox', async () => {
      const receiver = await new WebhookReceiver(webhookSecret('deployment')).start();
      cleanups.push(() => receiver.stop());
      const t = await createTestApp(dialect, { config: siemTo(receiver) });
      cleanups.push(() => t.close());
      const other = await buildApp({ config: t.config, database: t.database, clock: t.clock.now, logger: false });
      cleanups.push(() => other.close());
      // The demo operators' making delivered first: one cut off by the stop below would rightly come twice.
      await drain(t.app, t.database);
      await receiver.stop();
      for (const app of [t.app, other, t.app, other]) {
        await signIn(app, 'demopass', 'wrong');
        await signIn(app, 'demoinactive');
      }
      await receiver.start();
      t.clock.advance(10 * 60_000); // past the retries of a pass that ran while it was down
      await Promise.all([deliver(t.app), deliver(other), deliver(t.app), deliver(other)]);
      await deliver(other);
      expect(receiver.events.length).toBe((await auditTrail(t.database)).length);
      expect(receiver.duplicates).toBe(0);
    });

    it("keeps an account's order with the command line's events among its own, and sends each once", async () => {
      const receiver = await new WebhookReceiver(webhookSecret('deployment')).start();
      cleanups.push(() => receiver.stop());
      const t = await createTestApp(dialect, { config: siemTo(receiver) });
      cleanups.push(() => t.close());
      const other = await buildApp({ config: t.config, database: t.database, clock: t.clock.now, logger: false });
      cleanups.push(() => other.close());
      // The command line's audit log, as cli.ts makes it: it knows no SIEM, and queues for the deployment's.
      const cli = new AuditLog(t.database.db, t.clock.now, undefined, siemForwarder(t.database, t.clock.now));
      const { id } = await accountRow(t.database, 'demopass');
      for (let i = 0; i < 6; i += 1) {
        // The command line's change, then the account's next sign-in, both waiting when a pass begins.
        await cli.record('account.unlocked', id, {}, { origin: { actor: 'cli:ops' } });
        await signIn(i % 2 ? t.app : other, 'demopass', 'wrong');
        await deliver(i % 2 ? other : t.app);
      }
      await Promise.all([deliver(t.app), deliver(other), deliver(t.app), deliver(other)]);
      await deliver(other);

      const trail = await auditTrail(t.database);
      expect(receiver.events.map(({ id }) => id).sort()).toEqual(trail.map(({ id }) => id));
      expect(receiver.duplicates).toBe(0);
      expect(byAccount(received(receiver.events))).toEqual(
        byAccount(trail.map(({ id, account_id }) => ({ id, account: account_id }))),
      );
      expect(await waiting(t.database)).toBe(0);
    });
  });

describe('security events of the command line', () => {
  it("reach the SIEM as the administrator's changes, sent by the service's worker", async () => {
    const receiver = await new WebhookReceiver(webhookSecret('deployment')).start();
    cleanups.push(() => receiver.stop());
    const t = await createTestApp('sqlite', { config: siemTo(receiver) });
    cleanups.push(() => t.close());
    const env = { SIEM_WEBHOOK_URL: receiver.url, SIEM_WEBHOOK_SECRET: receiver.secret };
    expect(portalCli(t.config.dataDir, ['users', 'unlock', 'demolocked'], env).status).toBe(0);
    t.clock.advance(Math.max(0, Date.now() - t.clock.now()) + 60_000); // the command's events bear the wall clock's time
    await drain(t.app, t.database);
    expect(withoutOperators(receiver.events).map(({ event }) => event)).toEqual([
      expect.objectContaining({ type: 'account.unlocked', method: 'admin', actor: expect.stringMatching(/^cli:/) }),
    ]);
  });
});

describe('security events of the command line run without SIEM settings of its own', () => {
  const user = (userId: string) =>
    JSON.stringify({ userId, email: `${userId}@example.com`, cobrand: 'skerrymoor', passwordHash: BCRYPT });

  it('reach the receiver the service is configured with, each once across two instances', async () => {
    const receiver = await new WebhookReceiver(webhookSecret('deployment')).start();
    cleanups.push(() => receiver.stop());
    const t = await createTestApp('sqlite', { config: siemTo(receiver) });
    cleanups.push(() => t.close());
    const other = await buildApp({ config: t.config, database: t.database, clock: t.clock.now, logger: false });
    cleanups.push(() => other.close());
    const file = join(t.config.dataDir, 'users.jsonl');
    writeFileSync(file, ['ldap01', 'ldap02', 'ldap03'].map(user).join('\n'));
    const noSiem = { SIEM_WEBHOOK_URL: '', SIEM_WEBHOOK_SECRET: '', SIEM_SYSLOG_URL: '' };
    const cli = (...args: string[]) => expect(portalCli(t.config.dataDir, args, noSiem).status).toBe(0);
    cli('users', 'import', '--file', file);
    cli('api-keys', 'create', '--name', 'helpdesk', '--scopes', 'users:read');
    cli('api-keys', 'revoke', 'helpdesk');
    t.clock.advance(Math.max(0, Date.now() - t.clock.now()) + 60_000); // the commands' events bear the wall clock's time
    await Promise.all([deliver(t.app), deliver(other), deliver(t.app), deliver(other)]);
    await deliver(t.app);

    const types = withoutOperators(receiver.events).map(({ event }) => event.type);
    expect(types).toEqual(['account.added', 'account.added', 'account.added', 'apikey.created', 'apikey.revoked']);
    expect(
      withoutOperators(receiver.events)
        .map(({ event }) => event.account?.userId ?? null)
        .slice(0, 3),
    ).toEqual(['ldap01', 'ldap02', 'ldap03']);
    for (const { event } of receiver.events) expect(event).toMatchObject({ method: 'admin', actor: /^cli:/ });
    expect(receiver.duplicates).toBe(0);
    expect(await waiting(t.database)).toBe(0);
  }, 120_000);
});

/** A bcrypt hash, as an old directory would hold one (cost 4: quick to import). */
const BCRYPT = '$2b$04$UjWrODzaHKEfTp2sOpr./uJL27iBYMhpoEMz1V/Mgo0u4JPniClby';

/** The cobrand's catalogue record names its own SIEM endpoint, as a bank's would (catalogue `securityEvents`). */
async function withEndpoint(database: PortalDatabase, cobrand: string, webhookUrl: string, secretEnv: string) {
  const row = await database.db
    .selectFrom('cobrand')
    .select('record')
    .where('name', '=', cobrand)
    .executeTakeFirstOrThrow();
  const stored = JSON.parse(row.record) as { record: Record<string, unknown> };
  stored.record.securityEvents = { webhookUrl, secretEnv };
  await database.db
    .updateTable('cobrand')
    .set({ record: JSON.stringify(stored) })
    .where('name', '=', cobrand)
    .execute();
}
