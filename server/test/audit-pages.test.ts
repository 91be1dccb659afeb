/**
 * The admin API's trail stays cheap to read however long it grows: a page seeks to its window by event ID (IDs begin
 * with their time) and never reads the events before it, and a filter few events match (a kind, a key's cobrands)
 * ends a page after at most LOOKED_AT events, with `next` where it stopped, rather than read the whole window in one
 * statement (on SQLite, on the service's only thread). Following `next` to the end, and the export, still give every
 * event the filter selects, once, in order.
 */
import { CompiledQuery, type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventIdFrom } from '../src/db/audit-log.js';
import { LOOKED_AT } from '../src/db/audit-query.js';
import { type AdminListener, startAdmin } from './admin-support.js';
import { accountRow, createTestApp, DIALECTS, type TestApp } from './harness.js';

const DAY = 86_400_000;
/** Events in the last day (the trail's default window), and as many before it. */
const RECENT = 12_000;

describe.each(DIALECTS)('pages of the admin trail (%s)', (dialect) => {
  let t: TestApp;
  let admin: AdminListener;
  let statements: CompiledQuery[];
  const keys: Record<'all' | 'bank', string> = { all: '', bank: '' };
  let banker: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // demopass is skerrymoor's; one event in 1,000 is a lock, one in 500 the bank's (larchmere) user's.
    banker = (await accountRow(t.database, 'demotoken'))!.id;
    await t.database.db.updateTable('account').set({ cobrand: 'larchmere' }).where('id', '=', banker).execute();
    const other = (await accountRow(t.database, 'demopass'))!.id;
    const now = t.clock.now();
    const step = Math.floor((DAY - 120_000) / RECENT);
    const rows = Array.from({ length: 2 * RECENT }, (_, i) => {
      const at = i < RECENT ? now - 2 * DAY + i * step : now - DAY + 60_000 + (i - RECENT) * step;
      return {
        id: `${eventIdFrom(at)}-${(i % 1e6).toString(36).padStart(4, '0')}-pages${String(i).padStart(13, '0')}`,
        at,
        kind: i % 1_000 === 7 ? 'account.locked' : 'signin.success',
        account_id: i % 500 === 3 ? banker : other,
        detail: JSON.stringify({ n: i }),
        client_address: null,
        user_agent: null,
        actor: null,
      };
    });
    for (let i = 0; i < rows.length; i += 500)
      await t.database.db
        .insertInto('audit_event')
        .values(rows.slice(i, i + 500))
        .execute();
    if (dialect === 'postgres') await sql`analyze audit_event`.execute(t.database.db);
    statements = [];
    const executor = t.database.db.getExecutor();
    const recording: KyselyPlugin = {
      transformQuery: ({ node }) => {
        statements.push(executor.compileQuery(node, { queryId: 'explained' }));
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    admin = await startAdmin({ ...t, database: { ...t.database, db: t.database.db.withPlugin(recording) } });
    keys.all = await admin.key('siem', ['audit:read']);
    keys.bank = await admin.key('larchmere-siem', ['audit:read'], ['larchmere']);
  }, 120_000);
  afterAll(async () => {
    await admin?.close();
    await t?.close();
  });

  /** Every page to the end: the events' numbers, and how many pages it took. */
  async function follow(key: string, query: Record<string, string>) {
    const seen: number[] = [];
    let pages = 0;
    for (let cursor: string | null = ''; cursor !== null; pages += 1) {
      const search = new URLSearchParams({ ...query, limit: '1000', ...(cursor ? { cursor } : {}) });
      const answer = await fetch(`${admin.base}/admin/v1/audit?${search}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const page = (await answer.json()) as { events: { detail: { n?: number } }[]; next: string | null };
      seen.push(...page.events.flatMap((e) => (e.detail.n === undefined ? [] : [e.detail.n])));
      cursor = page.next;
    }
    return { seen, pages };
  }

  /** The numbers of the seeded events in the last day that `keep` selects, in order. */
  const recent = (keep: (i: number) => boolean) => Array.from({ length: RECENT }, (_, i) => RECENT + i).filter(keep);

  async function plans(): Promise<string> {
    const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
    const read = statements.filter((s) => /from "audit_event"/.test(s.sql));
    const lines = await Promise.all(
      read.map(async (s) => {
        const { rows } = await t.database.db.executeQuery<Record<string, unknown>>(
          CompiledQuery.raw(prefix + s.sql, [...s.parameters]),
        );
        return rows.map((row) => String(dialect === 'sqlite' ? row.detail : row['QUERY PLAN'])).join('\n');
      }),
    );
    return lines.join('\n--\n');
  }

  it('finds a rare kind a bounded page at a time, never reading the events before the window', async () => {
    statements.length = 0;
    const { seen, pages } = await follow(keys.all, { kind: 'account.locked' });
    expect(seen).toEqual(recent((i) => i % 1_000 === 7));
    // Each page looked at no more than LOOKED_AT of the window's events (and a few more came since: the calls').
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(RECENT / LOOKED_AT));
    const plan = await plans();
    expect(plan).not.toMatch(/^SCAN audit_event|Seq Scan on audit_event/m);
    if (dialect === 'sqlite')
      expect(plan).toMatch(/SEARCH audit_event USING .*INDEX sqlite_autoindex_audit_event_1 \(id>\? AND id<\?\)/);
    else expect(plan).toMatch(/Index Cond: .*id\)::text > .*AND .*id\)::text <= /);
  });

  it("gives a key of one cobrand its users' events, a bounded page at a time, and the same in the export", async () => {
    const { seen, pages } = await follow(keys.bank, {});
    const banks = recent((i) => i % 500 === 3);
    expect(seen).toEqual(banks);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(RECENT / LOOKED_AT));
    const exported = await fetch(`${admin.base}/admin/v1/audit/export`, {
      headers: { authorization: `Bearer ${keys.bank}` },
    });
    const lines = (await exported.text()).trim().split('\n');
    const numbers = lines.map((line) => (JSON.parse(line) as { detail: { n?: number } }).detail.n);
    expect(numbers.filter((n) => n !== undefined)).toEqual(banks);
  });
});
