/**
 * Every user lookup of the admin API and SCIM walks an index, never the account table: each call below is made over
 * HTTP on 20,000 users, and every statement it ran on the account table is explained by the database (SQLite's
 * EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN after ANALYZE). Each must use the index made for it, and a list must walk
 * its index in page order (no sort of every row it selects): so it costs the same with a million users
 * (docs/benchmarks.md, figure 12, measures that). Beside it, what a client sees of the same lookups: an address found
 * in any case, SCIM's pages read one after the other or by a jump alike, and totals that follow every change.
 */
import { CompiledQuery, type KyselyPlugin, type RootOperationNode, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillUsers, lookupEmail, lookupUserId } from '../../bench/lib/lookup-users.js';
import { ALL_COBRANDS } from '../src/refusal.js';
import { createOperator } from '../src/operator.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { type AdminListener, startAdmin } from './admin-support.js';
import { createTestApp, DIALECTS, TEST_PORTAL_SECRET, type TestApp } from './harness.js';

const USERS = 20_000;
/** A user of lookup05 (12,333 mod 23 is 5), the cobrand of the key of one cobrand. */
const FOUND = 12_333;
const uid = lookupUserId(FOUND);

type Who = 'all' | 'one' | 'two' | 'bank';
/** A call, the key that makes it, and the indexes its statements on the account table must use. */
const LOOKUPS: [string, Who, string, RegExp][] = [
  ['admin: e-mail', 'all', `/admin/v1/users?email=${lookupEmail(FOUND).toLowerCase()}`, /account_email_folded/],
  ['admin: status', 'all', '/admin/v1/users?status=locked', /account_status_order/],
  ['admin: name', 'all', `/admin/v1/users?name=FIRST%20${uid.slice(0, 5)}`, /account_name_order/],
  ['admin: a name page far in', 'all', `/admin/v1/users?name=first&cursor=${uid}`, /account_name_order/],
  [
    'admin, a key of one cobrand: name',
    'one',
    `/admin/v1/users?name=First%20${uid.slice(0, 4)}`,
    /account_cobrand_name_order/,
  ],
  ['admin: inactive', 'all', '/admin/v1/users?status=inactive', /account_status_order/],
  ['admin: login type', 'all', '/admin/v1/users?loginType=token', /account_login_type_order/],
  ['admin: cobrand', 'all', '/admin/v1/users?cobrand=lookup05', /account_cobrand_order/],
  [
    'admin: cobrand and status',
    'all',
    '/admin/v1/users?cobrand=lookup05&status=locked',
    /account_cobrand_status_order/,
  ],
  [
    'admin: cobrand and login type',
    'all',
    '/admin/v1/users?cobrand=lookup05&loginType=token',
    /account_cobrand_login_type_order/,
  ],
  ['admin: a page far in', 'all', `/admin/v1/users?cursor=${uid}`, /user_id_key|sqlite_autoindex_account_2/],
  ['admin, a key of one cobrand: status', 'one', '/admin/v1/users?status=locked', /account_cobrand_status_order/],
  ['admin, a key of one cobrand: e-mail', 'one', `/admin/v1/users?email=${lookupEmail(FOUND)}`, /account_email_folded/],
  ['admin, a key of two cobrands', 'two', '/admin/v1/users', /account_cobrand_order/],
  ['admin, a key of two cobrands: inactive', 'two', '/admin/v1/users?status=inactive', /account_cobrand_status_order/],
  [
    'SCIM: emails.value eq',
    'all',
    `/scim/v2/Users?filter=${encodeURIComponent(`emails.value eq "${lookupEmail(FOUND).toUpperCase()}"`)}`,
    /account_email_folded/,
  ],
  [
    'SCIM: externalId eq',
    'all',
    `/scim/v2/Users?filter=${encodeURIComponent(`externalId eq "ext-${FOUND}"`)}`,
    /account_external_id/,
  ],
  [
    'SCIM: userName eq',
    'all',
    `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${uid}"`)}`,
    /account_pkey|sqlite_autoindex_account_1/,
  ],
  ['SCIM: active eq false', 'all', `/scim/v2/Users?filter=${encodeURIComponent('active eq false')}`, /status_order/],
  [
    'SCIM: active eq true',
    'all',
    `/scim/v2/Users?filter=${encodeURIComponent('active eq true')}`,
    /user_id_key|sqlite_autoindex_account_2|status_order/,
  ],
  ['SCIM: the whole list', 'all', '/scim/v2/Users', /user_id_key|sqlite_autoindex_account_2/],
  ['SCIM: a jump far in', 'all', '/scim/v2/Users?startIndex=15001&count=50', /user_id_key|sqlite_autoindex_account_2/],
  ['SCIM, a key of one cobrand: the whole list', 'one', '/scim/v2/Users', /account_cobrand_order/],
  [
    'SCIM, a key of one cobrand: active eq false',
    'one',
    `/scim/v2/Users?filter=${encodeURIComponent('active eq false')}`,
    /account_cobrand_status_order/,
  ],
  [
    'SCIM, a key of one cobrand: emails.value eq',
    'one',
    `/scim/v2/Users?filter=${encodeURIComponent(`emails.value eq "${lookupEmail(FOUND)}"`)}`,
    /account_email_folded/,
  ],
];

/** Keeps every statement run, compiled as the database received it. */
function recorder(compile: (node: RootOperationNode) => CompiledQuery) {
  const statements: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      statements.push(compile(node));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { plugin, statements };
}

/** The statement reads the account table (not the counts beside it). */
const onAccounts = (statement: CompiledQuery) => /"account"(?!_)/.test(statement.sql);

/**
 * The plan sorts the rows it reads from the account table (SQLite: a temporary B-tree right after the search;
 * PostgreSQL: a Sort whose input is the scan), rather than reading them in order. Sorting the few rows of each
 * cobrand's part of a merged page is not this.
 */
function sortsWalk(plan: string[]): boolean {
  const nodes = plan.filter((line) => !/^\s*(Sort Key|Filter|Index Cond|Recheck Cond|Heap Blocks|Output):/.test(line));
  return nodes.some(
    (line, i) =>
      (/TEMP B-TREE FOR ORDER BY/.test(line) && /^(SEARCH|SCAN) (account|named)\b/.test(nodes[i - 1] ?? '')) ||
      (/(^|->\s+)Sort\b/.test(line) && /Scan .*\bon account\b/.test(nodes[i + 1] ?? '')),
  );
}

describe.each(DIALECTS)('user lookups (%s)', (dialect) => {
  let t: TestApp;
  let admin: AdminListener;
  let statements: CompiledQuery[];
  const keys = {} as Record<Who, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await fillUsers(t.database.db, dialect, USERS);
    if (dialect === 'postgres') await sql`analyze account`.execute(t.database.db);
    const executor = t.database.db.getExecutor();
    const recording = recorder((node) => executor.compileQuery(node, { queryId: 'explained' }));
    statements = recording.statements;
    admin = await startAdmin({ ...t, database: { ...t.database, db: t.database.db.withPlugin(recording.plugin) } });
    keys.all = await admin.key('operations', ['users:read', 'scim']);
    keys.one = await admin.key('bank', ['users:read', 'scim'], ['lookup05']);
    keys.two = await admin.key('group', ['users:read', 'scim'], ['lookup01', 'lookup02']);
    keys.bank = await admin.key('alderquay', ['scim'], ['alderquay']);
  }, 120_000);
  afterAll(async () => {
    await admin?.close();
    await t?.close();
  });

  interface Listed {
    users?: unknown[];
    Resources?: { userName: string }[];
    totalResults?: number;
  }
  const call = async (who: Who, path: string, method = 'GET', body?: unknown) => {
    const answer = await fetch(`${admin.base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${keys[who]}`,
        ...(body ? { 'content-type': 'application/scim+json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(answer.status, path).toBe(method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200);
    return (method === 'DELETE' ? {} : await answer.json()) as Listed;
  };

  /**
   * The database's plan of the statement. `inOrder`: on PostgreSQL, the plan when a sort is the last resort, for
   * whether an index gives the rows in page order (on 20,000 users it may rightly find sorting a few rows cheaper).
   */
  async function planOf(statement: CompiledQuery, inOrder = false): Promise<string[]> {
    const explain = CompiledQuery.raw(`${dialect === 'sqlite' ? 'explain query plan' : 'explain'} ${statement.sql}`, [
      ...statement.parameters,
    ]);
    const { rows } = await t.database.db.transaction().execute(async (trx) => {
      if (inOrder && dialect === 'postgres') await sql`set local enable_sort = off`.execute(trx);
      return trx.executeQuery<Record<string, unknown>>(explain);
    });
    return rows.map((row) => String(dialect === 'sqlite' ? row.detail : row['QUERY PLAN']));
  }

  it.each(LOOKUPS)('%s: an index, never the table', async (_label, who, path, index) => {
    statements.length = 0;
    const body = await call(who, path);
    expect((body.users ?? body.Resources)!.length, path).toBeGreaterThan(0);
    const explained = await Promise.all(statements.filter(onAccounts).map((statement) => planOf(statement)));
    expect(explained.length).toBeGreaterThan(0);
    const plan = explained.flat().join('\n');
    // SQLite: SCAN without an index reads the table; PostgreSQL: a sequential scan does.
    expect(plan).not.toMatch(/SCAN (account|named)$|SCAN (account|named) (?!USING)|Seq Scan on account/m);
    expect(plan).toMatch(index);
    // A list is walked in its pages' order: only a lookup of a few rows (one address, one ID) may sort them.
    if (/e-mail|emails|externalId|userName/.test(_label)) return;
    const ordered = await Promise.all(statements.filter(onAccounts).map((statement) => planOf(statement, true)));
    expect(ordered.filter(sortsWalk)).toEqual([]);
  });

  /** The user IDs SCIM lists as the database selects them: not deleted, in user ID key order. */
  const expected = async (cobrand: string | null, offset: number, limit: number) =>
    (
      await t.database.db
        .selectFrom('account')
        .select('user_id')
        .where('deleted_at', 'is', null)
        .$if(cobrand !== null, (q) => q.where('cobrand', '=', cobrand!))
        .orderBy('user_id_key')
        .limit(limit)
        .offset(offset)
        .execute()
    ).map((row) => row.user_id);
  const names = (listed: Listed) => listed.Resources!.map((user) => user.userName);

  it('pages SCIM by index: page after page, or by a jump, each user once and in the same places', async () => {
    const jumped = await call('one', '/scim/v2/Users?startIndex=301&count=100');
    const pages: string[][] = [];
    for (let start = 1; ; start += 100) {
      const page = await call('one', `/scim/v2/Users?startIndex=${start}&count=100`);
      expect(page.totalResults).toBe(jumped.totalResults);
      if (!page.Resources!.length) break;
      pages.push(names(page));
    }
    const all = await expected('lookup05', 0, USERS);
    expect(pages.flat()).toEqual(all);
    expect(jumped.totalResults).toBe(all.length);
    expect(names(jumped)).toEqual(pages[3]);
    // Past three chunks of skipped rows, over every cobrand.
    const far = await call('all', '/scim/v2/Users?startIndex=15001&count=50');
    expect(names(far)).toEqual(await expected(null, 15_000, 50));
  });

  it("states SCIM's totals as they are after every change of a user, however it is made", async () => {
    const real = async (active?: boolean) => {
      let query = t.database.db
        .selectFrom('account')
        .where('cobrand', '=', 'alderquay')
        .where('deleted_at', 'is', null);
      if (active !== undefined) query = query.where('status', active ? '!=' : '=', 'inactive');
      const { n } = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      return Number(n);
    };
    const totals = async () => {
      const total = async (filter?: string) =>
        (await call('bank', `/scim/v2/Users?count=0${filter ? `&filter=${encodeURIComponent(filter)}` : ''}`))
          .totalResults;
      const seen = [await total(), await total('active eq true'), await total('active eq false')];
      expect(seen).toEqual([await real(), await real(true), await real(false)]);
      return seen;
    };
    const user = (userName: string) => ({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:portal:2.0:User'],
      userName,
      emails: [{ value: `${userName}@example.com`, primary: true }],
      active: true,
      password: 'Provisioned-pass-1',
    });
    const patchOp = { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'] };
    const account = (userName: string) => t.database.db.updateTable('account').where('user_id', '=', userName);

    expect(await totals()).toEqual([0, 0, 0]);
    for (const name of ['count1', 'count2', 'count3', 'count4'])
      await call('bank', '/scim/v2/Users', 'POST', user(name));
    expect(await totals()).toEqual([4, 4, 0]);
    await call('bank', '/scim/v2/Users/count1', 'PATCH', {
      ...patchOp,
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(await totals()).toEqual([4, 3, 1]);
    await call('bank', '/scim/v2/Users/count2', 'DELETE');
    expect(await totals()).toEqual([3, 2, 1]);
    // A lock leaves a user active to SCIM.
    await account('count3').set({ status: 'locked' }).execute();
    expect(await totals()).toEqual([3, 2, 1]);
    await createOperator({
      database: t.database,
      keys: deriveKeys(TEST_PORTAL_SECRET),
      clock: t.clock.now,
    }).users.reactivate(ALL_COBRANDS, 'count2', { actor: 'cli:test' });
    expect(await totals()).toEqual([4, 3, 1]);
    await account('count4').set({ cobrand: 'skerrymoor' }).execute();
    expect(await totals()).toEqual([3, 2, 1]);
    await t.database.db.deleteFrom('account').where('user_id', '=', 'count1').execute();
    expect(await totals()).toEqual([2, 2, 0]);
    // And every cobrand's counts, the 20,000 users written in one statement among them.
    const kept = await t.database.db
      .selectFrom('account_count')
      .select(['cobrand', 'active', 'deleted', 'n'])
      .execute();
    const counted = await t.database.db
      .selectFrom('account')
      .select((eb) => [
        'cobrand',
        eb.case().when('status', '=', 'inactive').then(0).else(1).end().as('active'),
        eb.case().when('deleted_at', 'is', null).then(0).else(1).end().as('deleted'),
        eb.fn.countAll<number | string>().as('n'),
      ])
      .groupBy(['cobrand', 'active', 'deleted'])
      .execute();
    const key = (row: { cobrand: string; active: unknown; deleted: unknown; n: unknown }) =>
      `${row.cobrand} ${Number(row.active)} ${Number(row.deleted)} ${Number(row.n)}`;
    expect(
      kept
        .filter((row) => Number(row.n) > 0)
        .map(key)
        .sort(),
    ).toEqual(counted.map(key).sort());
  });
});
