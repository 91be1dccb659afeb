/**
 * The admin API's trail and its throttle: every call, answered or refused, leaves an audit event naming the key and
 * the client's address (and every change it makes, its own event by the same key); the trail reads a page at a time
 * and exports as JSON lines streamed while they are read; a key over its calls a minute is refused, others are not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../src/db/audit-log.js';
import { type AdminListener, startAdmin } from './admin-support.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

describe.each(DIALECTS)('the admin trail (%s)', (dialect) => {
  let t: TestApp;
  let admin: AdminListener;
  let auditor: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await startAdmin(t);
    auditor = await admin.key('siem-export', ['audit:read', 'users:write']);
  }, 60_000);
  afterAll(async () => {
    await admin?.close();
    await t?.close();
  });
  const events = (kind: string) =>
    t.database.db.selectFrom('audit_event').selectAll().where('kind', '=', kind).orderBy('id').execute();

  it("records every call with the key's name and the client's address, and each change by the same key", async () => {
    const api = admin.client(auditor);
    await api.POST('/admin/v1/users/{userId}/expire-password', { params: { path: { userId: 'demopass' } } });
    await fetch(`${admin.base}/admin/v1/users/demopass`, { headers: { authorization: 'Bearer pak_wrong' } });
    const calls = await events('admin.call');
    expect(calls.map((e) => [e.actor, e.client_address, JSON.parse(e.detail)])).toEqual([
      [
        'api:siem-export',
        '127.0.0.1',
        { method: 'POST', route: '/admin/v1/users/:userId/expire-password', status: 200, userId: 'demopass' },
      ],
      [null, '127.0.0.1', { method: 'GET', route: '/admin/v1/users/:userId', status: 401, userId: 'demopass' }],
    ]);
    const [expired] = await events('account.password.expired');
    expect(expired).toMatchObject({ actor: 'api:siem-export', client_address: '127.0.0.1' });
  });

  it('pages through the trail in order, and streams all of it as JSON lines', async () => {
    const audit = new AuditLog(t.database.db, t.clock.now);
    for (let i = 0; i < 1_200; i++)
      await audit.record('signin.failure', null, { n: i }, { origin: { address: '192.0.2.7' } });
    const api = admin.client(auditor);
    const query = { since: '2000-01-01T00:00:00Z', kind: 'signin.failure' };
    const paged: number[] = [];
    let cursor: string | undefined;
    do {
      const page = (await api.GET('/admin/v1/audit', { params: { query: { ...query, limit: 500, cursor } } })).data!;
      paged.push(...page.events.map((e) => e.detail.n as number));
      cursor = page.next ?? undefined;
    } while (cursor);
    expect(paged).toEqual([...Array(1_200).keys()]);

    const response = await fetch(`${admin.base}/admin/v1/audit/export?${new URLSearchParams(query)}`, {
      headers: { authorization: `Bearer ${auditor}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    // Streamed: sent in chunks as the pages are read, with no length known beforehand.
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of response.body!) {
      chunks++;
      text += decoder.decode(chunk, { stream: true });
    }
    expect(chunks).toBeGreaterThan(1);
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; detail: { n: number }; address: string });
    expect(lines.map((l) => l.detail.n)).toEqual(paged);
    expect(lines[0]).toMatchObject({ kind: 'signin.failure', address: '192.0.2.7' });

    const unknownUser = await fetch(`${admin.base}/admin/v1/audit/export?userId=nobody-here`, {
      headers: { authorization: `Bearer ${auditor}` },
    });
    expect(unknownUser.status).toBe(404);
    expect(await unknownUser.json()).toMatchObject({ errors: [{ code: 'not.found' }] });
  }, 120_000);

  it('throttles each key on its own: over its calls a minute it is refused, another key is not', async () => {
    const throttled = await startAdmin(t, { adminRatePerMinute: 3 });
    try {
      const busy = throttled.client(await throttled.key('busy-tool', ['users:read']));
      const calm = throttled.client(await throttled.key('calm-tool', ['users:read']));
      const get = (client: typeof busy) =>
        client.GET('/admin/v1/users/{userId}', { params: { path: { userId: 'demopass' } } });
      for (let i = 0; i < 3; i++) expect((await get(busy)).response.status).toBe(200);
      const refused = await get(busy);
      expect(refused.response.status).toBe(429);
      expect(refused.response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.error).toMatchObject({ errors: [{ code: 'throttled' }] });
      expect((await get(calm)).response.status).toBe(200);
    } finally {
      await throttled.close();
    }
  });
});
