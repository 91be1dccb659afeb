/**
 * The service through a real PgBouncer in transaction pooling, as most banks run PostgreSQL: sign-in works through
 * the pooler, and a catalogue import by another instance reaches the cobrand cache at once over LISTEN_DATABASE_URL
 * (a LISTEN through the pooler lands on a shared server connection and hears nothing).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Paths } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue } from '../src/bootstrap.js';
import { openDatabase, type PortalDatabase } from '../src/db/database.js';
import { catalogueCopy } from './catalogue-copy.js';
import { DIALECTS, TEST_DATABASE_URL, createTestApp, signInSequence, withPgClient, type TestApp } from './harness.js';
import { startPgbouncer, type TestPgbouncer } from './pgbouncer.js';
import { TcpProxy } from './tcp-proxy.js';

describe.runIf(DIALECTS.includes('postgres'))('through PgBouncer in transaction pooling', () => {
  const name = `portal_pgbouncer_${randomBytes(6).toString('hex')}`;
  const otherDir = mkdtempSync(join(tmpdir(), 'portal-other-'));
  let direct: string;
  let bouncer: TestPgbouncer;
  /** Another instance's database connections, through PgBouncer. */
  let other: PortalDatabase;
  let app: TestApp | undefined;

  beforeAll(async () => {
    await withPgClient((client) => client.query(`create database ${name}`));
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    direct = url.toString();
    bouncer = await startPgbouncer(direct);
    other = openDatabase({ databaseUrl: bouncer.url, dataDir: otherDir });
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(async () => {
    await other?.close();
    await bouncer?.close();
    await withPgClient((client) => client.query(`drop database if exists ${name} with (force)`));
    rmSync(otherDir, { recursive: true, force: true });
  });

  /** The service on DATABASE_URL through PgBouncer, listening for catalogue changes on `listenUrl`. */
  const pooledService = (listenUrl: string, logs?: Writable) =>
    createTestApp('postgres', {
      databaseUrl: bouncer.url,
      ownDatabase: true,
      config: { listenDatabaseUrl: listenUrl },
      ...(logs ? { logger: { level: 'warn', stream: logs } } : {}),
    });

  /** What `cobrands import` runs, by another instance (through PgBouncer too), with skerrymoor renamed `appName`. */
  async function importRenamed(appName: string): Promise<void> {
    const copy = catalogueCopy();
    try {
      copy.edit('skerrymoor', (record) => {
        record.cobrand.appName = appName;
      });
      await importCatalogue(other, copy.cobrands);
    } finally {
      rmSync(copy.root, { recursive: true, force: true });
    }
  }

  const appNameOn = async (t: TestApp) => (await t.client().get(Paths.cobrand('skerrymoor'))).json().appName;

  /** Advisory locks held in the test's database: a migration lock left behind would hold up every later start. */
  const advisoryLocks = async () =>
    (
      await withPgClient((client) =>
        client.query(
          `select count(*)::int as n from pg_locks
            where locktype = 'advisory' and database = (select oid from pg_database where datname = $1)`,
          [name],
        ),
      )
    ).rows[0].n;

  it('starts again and again through the pooler (a rolling restart), leaving no migration lock behind', async () => {
    for (let start = 0; start < 3; start += 1) {
      // The other instances' traffic keeps every server connection of the pool open, as in production.
      await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.2)`.execute(other.db)));
      const instance = await pooledService(direct);
      await instance.close();
      expect(await advisoryLocks()).toBe(0);
    }
  });

  it('signs in, keeps the session and signs out through the pooler', async () => {
    app = await pooledService(direct);
    const client = app.client();
    expect((await signInSequence(client, 'demopass')).statusCode).toBe(200);
    expect((await client.get(Paths.session)).json().userId).toBe('demopass');
    expect((await client.get(Paths.logout, { headers: { 'x-requested-with': 'XMLHttpRequest' } })).statusCode).toBe(
      204,
    );
    expect((await client.get(Paths.session)).statusCode).toBe(401);
  });

  it.each([
    ['directly', () => direct],
    ['through a PgBouncer database in session pooling', () => bouncer.sessionUrl],
  ])(
    'empties the cobrand cache at once when another instance imports the catalogue (listening %s)',
    async (_, listen) => {
      app = await pooledService(listen());
      // The listener empties the cache once when it connects: the first import shows only that it has connected.
      const before = await appNameOn(app);
      await importRenamed('Skerrymoor Pooled Card');
      await expect.poll(() => appNameOn(app!), { timeout: 5_000 }).toBe('Skerrymoor Pooled Card');
      expect(before).not.toBe('Skerrymoor Pooled Card');
      await importRenamed('Skerrymoor Pooled Card Renamed');
      // The service's clock does not move, so its 10 s cache expiry never comes: only the notice can empty the cache.
      await expect.poll(() => appNameOn(app!), { timeout: 5_000 }).toBe('Skerrymoor Pooled Card Renamed');
    },
  );

  it('keeps serving while the listener’s connection is away, and empties the cache once it is back', async () => {
    const proxy = await new TcpProxy(new URL(direct).hostname, Number(new URL(direct).port || 5432)).open();
    const warnings: string[] = [];
    const logs = new Writable({
      write(chunk: Buffer, _encoding, done) {
        warnings.push(chunk.toString('utf8'));
        done();
      },
    });
    try {
      const listenUrl = new URL(direct);
      listenUrl.host = `127.0.0.1:${proxy.port}`;
      app = await pooledService(listenUrl.toString(), logs);
      expect(await appNameOn(app)).not.toBe('Skerrymoor Listening Again');
      await proxy.cut();
      await expect.poll(() => warnings.join(''), { timeout: 15_000 }).toContain('cobrand catalogue listener');
      expect((await signInSequence(app.client(), 'demopass')).statusCode).toBe(200);
      await proxy.open();
      await importRenamed('Skerrymoor Listening Again');
      await expect.poll(() => appNameOn(app!), { timeout: 15_000 }).toBe('Skerrymoor Listening Again');
    } finally {
      await proxy.cut();
    }
  });
});
