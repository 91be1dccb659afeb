/** ARCHITECTURE §2 and §9: one storage layer on both databases; a restart on a filled database changes nothing. */
import { DEMO_USERS } from '../src/demo-users.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootstrap } from '../src/bootstrap.js';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { prepareQuery } from '../src/db/prepared-query.js';
import {
  DIALECTS,
  TEST_DATABASE_URL,
  accountRow,
  signInSequence,
  withPgClient,
  type TestApp,
  useFreshTestApp,
  dropSchema,
} from './harness.js';

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useFreshTestApp(dialect, {}, (app) => (t = app));

    it('changes nothing when a restart bootstraps a database that is already set up', async () => {
      const before = await accountRow(t.database, 'demopass');
      const cobrands = await t.database.db.selectFrom('cobrand').select(['name', 'version']).orderBy('name').execute();

      expect(await bootstrap(t.config, t.database, () => {})).toEqual({
        seeded: false,
        demoTokens: [
          { userId: 'demotoken', uri: expect.stringContaining('otpauth://totp/') },
          { userId: 'demonewpin', uri: expect.stringContaining('otpauth://totp/') },
          { userId: 'demossotoken', uri: expect.stringContaining('otpauth://totp/') },
        ],
        demoOperators: [
          { name: 'demohelpdesk', role: 'helpdesk', uri: expect.stringContaining('otpauth://totp/') },
          { name: 'demoadmin', role: 'admin', uri: expect.stringContaining('otpauth://totp/') },
        ],
      });

      expect(await accountRow(t.database, 'demopass')).toEqual(before);
      expect(await t.database.db.selectFrom('account').select('id').execute()).toHaveLength(DEMO_USERS.length);
      expect(await t.database.db.selectFrom('operator_account').select('name').execute()).toHaveLength(2);
      expect(await t.database.db.selectFrom('cobrand').select(['name', 'version']).orderBy('name').execute()).toEqual(
        cobrands,
      );
      expect((await signInSequence(t.client(), 'demopass')).statusCode).toBe(200);
    });

    it("runs a prepared query with each call's own values, and with the constants written in it", async () => {
      const { db } = t.database;
      const activeInCobrand = prepareQuery(db, (cobrand: string, userIdKey: string) =>
        db
          .selectFrom('account')
          .select('user_id_key')
          .where('status', '=', 'active')
          .where('cobrand', '=', cobrand)
          .where('user_id_key', '=', userIdKey),
      );
      const expected = async (cobrand: string, userIdKey: string) =>
        db
          .selectFrom('account')
          .select('user_id_key')
          .where('status', '=', 'active')
          .where('cobrand', '=', cobrand)
          .where('user_id_key', '=', userIdKey)
          .execute();
      const cases: [string, string][] = [
        ['skerrymoor', 'demopass'],
        ['skerrymoor', 'demolocked'],
        ['larchmere', 'demopass'],
        ['skerrymoor', 'demoexpired'],
      ];
      for (const [cobrand, user] of cases)
        expect((await activeInCobrand(cobrand, user)).rows).toEqual(await expected(cobrand, user));
      expect((await activeInCobrand('skerrymoor', 'demopass')).rows).toEqual([{ user_id_key: 'demopass' }]);
      expect((await activeInCobrand('skerrymoor', 'demolocked')).rows).toEqual([]);
    });

    it('refuses to prepare a query that leaves one of its arguments unbound', () => {
      const { db } = t.database;
      expect(() => prepareQuery(db, (_unused: string) => db.selectFrom('account').select('id'))).toThrow(/not bound/);
    });
  });
}

describe.runIf(DIALECTS.includes('postgres'))('postgres schema', () => {
  let schema: string;
  let dataDir: string;
  beforeEach(() => {
    schema = `t_${randomBytes(8).toString('hex')}`;
    dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  });
  afterEach(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await dropSchema(schema);
  });

  it('migrates into an empty schema of its own', async () => {
    await withPgClient((client) => client.query(`create schema ${schema}`));
    const database = openDatabase({ databaseUrl: TEST_DATABASE_URL, dataDir, schema });
    try {
      expect(await migrateToLatest(database.db, schema)).toContain('2026_11_21_1000_create_core_tables');
      const tables = await withPgClient((client) =>
        client.query<{ table_name: string }>(
          'select table_name from information_schema.tables where table_schema = $1 order by 1',
          [schema],
        ),
      );
      expect(tables.rows.map((r) => r.table_name)).toEqual(
        expect.arrayContaining(['account', 'audit_event', 'cobrand', 'session']),
      );
    } finally {
      await database.close();
    }
  });
});

describe('sqlite checkpoints', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-checkpoints-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('copies the write-ahead log into the database file from a worker, never on the service connection', async () => {
    const database = openDatabase({ databaseUrl: null, dataDir });
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db);
      expect(rows[0]?.wal_autocheckpoint).toBe(0);
      await sql`create table scratch (value text not null)`.execute(database.db);
      const file = join(dataDir, 'portal.sqlite');
      const before = statSync(file).size;
      // About 2.4 MB, one transaction per row as the service writes: all of it lands in the log first.
      for (let i = 0; i < 300; i += 1) {
        await sql`insert into scratch (value) values (${randomBytes(4_096).toString('hex')})`.execute(database.db);
      }
      let after = statSync(file).size;
      for (let waited = 0; after < before + 2_000_000 && waited < 10_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        after = statSync(file).size;
      }
      expect(after).toBeGreaterThanOrEqual(before + 2_000_000);
    } finally {
      await database.close();
    }
  });
});
