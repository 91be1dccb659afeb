/**
 * Several instances on one PostgreSQL (ARCHITECTURE §2): nothing one instance needs is kept in another's memory.
 * Two services share one schema here, and one browser's cookies.
 */
import { randomBytes } from 'node:crypto';
import { Paths } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailWorkerOf } from '../src/app.js';
import { announceCatalogueChange, CobrandStore, readCatalogue } from '../src/cobrand/index.js';
import { migrations } from '../src/db/migrations/index.js';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { DEMO_PASSWORD } from '../src/demo-users.js';
import { CATALOGUE_DIR } from '../src/paths.js';
import { mailsOf, OutboxStore } from '../src/mail/index.js';
import {
  DIALECTS,
  TEST_DATABASE_URL,
  accountRow,
  createTestApp,
  signInSequence,
  withPgClient,
  type TestApp,
  dropSchema,
} from './harness.js';
import { TestSmtpServer } from './smtp.js';

describe.runIf(DIALECTS.includes('postgres'))('two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let smtp: TestSmtpServer;
  beforeEach(async () => {
    smtp = await new TestSmtpServer().start();
    a = await createTestApp('postgres', { config: { smtpUrl: smtp.url } });
    b = await createTestApp('postgres', { config: { smtpUrl: smtp.url }, sameDatabaseAs: a });
  });
  afterEach(async () => {
    await b?.close();
    await a?.close();
    await smtp?.stop();
  });

  /** One browser whose requests the load balancer sends to either instance. */
  const browser = () => {
    const onA = a.client();
    return { onA, onB: b.client({ cookies: onA.cookies }) };
  };

  it('accepts on one instance a session made on the other, and a logout on one ends it on both', async () => {
    const { onA, onB } = browser();
    expect((await signInSequence(onA, 'demopass')).statusCode).toBe(200);
    expect((await onB.get(Paths.session)).json().userId).toBe('demopass');
    expect((await onB.get(Paths.sessionPing)).statusCode).toBe(200);
    expect((await onB.get(Paths.logout, { headers: { 'x-requested-with': 'XMLHttpRequest' } })).statusCode).toBe(204);
    expect((await onA.get(Paths.session)).statusCode).toBe(401);
  });

  it('locks the account after six wrong passwords spread over both instances, even sent at the same moment', async () => {
    const tries = Array.from({ length: 12 }, (_, i) =>
      signInSequence((i % 2 ? a : b).client(), 'demopass', `Wrong-password-${i}`),
    );
    const answers = await Promise.all(tries);
    expect(answers.every((r) => r.statusCode === 401)).toBe(true);
    const row = (await accountRow(a.database, 'demopass'))!;
    expect(row.status).toBe('locked');
    expect(row.failed_attempts).toBe(6);
    const failures = await a.database.db
      .selectFrom('audit_event')
      .select('detail')
      .where('account_id', '=', row.id)
      .where('kind', '=', 'signin.failure')
      .execute();
    // Six passwords checked; every try after them refused unchecked, and audited naming the account all the same.
    const reasons = failures.map((f) => (JSON.parse(f.detail) as { reason: string }).reason);
    expect(reasons.filter((reason) => reason === 'credentials')).toHaveLength(6);
    expect(reasons).toHaveLength(12);
    expect((await signInSequence(b.client(), 'demopass', DEMO_PASSWORD)).statusCode).toBe(401);
  });

  it('empties every instance’s cobrand cache when the catalogue changes on one', async () => {
    const before = (await b.client().get(Paths.cobrand('skerrymoor'))).json().appName;
    const { cobrands } = readCatalogue(CATALOGUE_DIR);
    const skerrymoor = cobrands.find((c) => c.record.cobrand.name === 'skerrymoor')!;
    const renamed = {
      ...skerrymoor,
      record: { ...skerrymoor.record, cobrand: { ...skerrymoor.record.cobrand, appName: 'Skerrymoor Renamed Card' } },
    };
    await new CobrandStore(a.database.db).importAll([renamed], a.clock.now());
    await announceCatalogueChange(a.database);
    // Instance B's clock does not move here, so only the notice can empty its cache.
    await expect
      .poll(async () => (await b.client().get(Paths.cobrand('skerrymoor'))).json().appName, { timeout: 5_000 })
      .toBe('Skerrymoor Renamed Card');
    expect(before).not.toBe('Skerrymoor Renamed Card');
  });

  it('sends each mail of the shared outbox once, whichever instance’s worker claims it', async () => {
    const outbox = new OutboxStore(a.database.db, a.database.dialect);
    for (let i = 0; i < 12; i += 1) {
      await outbox.enqueue(
        a.database.db,
        {
          recipient: `user${i}@example.com`,
          senderName: 'Skerrymoor Bank',
          subject: `mail ${i}`,
          text: 'x',
          html: '<p>x</p>',
        },
        a.clock.now(),
      );
    }
    await smtp.waitFor(12, 15_000);
    await expect.poll(() => outbox.pending()).toBe(0);
    // Every mail is marked sent, so none is claimed again: once each worker's pass in flight has ended (a second
    // claim of a mail would be in one of them), what arrived is all that is sent.
    await Promise.all([mailWorkerOf(a.app).nudge(), mailWorkerOf(b.app).nudge()]);
    expect(smtp.received.map((m) => m.subject).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `mail ${i}`).sort(),
    );
  });

  it('sends a mail from the instance that queued it, whose claim keeps the other’s passes off it until it runs out', async () => {
    const outbox = new OutboxStore(a.database.db, a.database.dialect);
    const mail = (subject: string) => ({
      recipient: 'ana@example.com',
      senderName: 'Skerrymoor Bank',
      subject,
      text: 'x',
      html: '<p>x</p>',
    });
    const subjects = () => smtp.received.map((m) => m.subject);
    const queue = async (mailWorker: Parameters<typeof mailsOf>[0]['mailWorker'], subject: string) => {
      const mails = mailsOf({ outbox, mailWorker });
      await a.database.db.transaction().execute((trx) => mails.enqueue(trx, mail(subject), a.clock.now()));
      return mails;
    };
    const sentByA = await queue(mailWorkerOf(a.app), 'sent where queued');
    // An instance that queued a mail and ended before it could send it.
    await queue({ claims: true, sendQueued: async () => {} }, 'left by an instance that ended');
    await mailWorkerOf(b.app).nudge();
    expect(subjects()).toEqual([]);

    sentByA.send();
    await smtp.waitFor(1, 15_000);
    await mailWorkerOf(b.app).nudge();
    expect(subjects()).toEqual(['sent where queued']);

    b.clock.advance(61_000);
    await mailWorkerOf(b.app).nudge();
    await smtp.waitFor(2, 15_000);
    expect(subjects().sort()).toEqual(['left by an instance that ended', 'sent where queued']);
  });
});

describe.runIf(DIALECTS.includes('postgres'))('migrations', () => {
  it('run from two instances at once: one applies them, the other waits and finds nothing to do', async () => {
    const schema = `t_${randomBytes(8).toString('hex')}`;
    await withPgClient((client) => client.query(`create schema ${schema}`));
    const first = openDatabase({ databaseUrl: TEST_DATABASE_URL, dataDir: '/tmp', schema });
    const second = openDatabase({ databaseUrl: TEST_DATABASE_URL, dataDir: '/tmp', schema });
    try {
      const applied = await Promise.all([migrateToLatest(first.db, schema), migrateToLatest(second.db, schema)]);
      expect(applied.flat().sort()).toEqual(Object.keys(migrations).sort());
      const { rows } = await withPgClient((client) => client.query(`select name from ${schema}.kysely_migration`));
      expect(rows).toHaveLength(Object.keys(migrations).length);
    } finally {
      await first.close();
      await second.close();
      await dropSchema(schema);
    }
  });
});
