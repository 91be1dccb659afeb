/**
 * The admin API's trail and its throttles: every call, answered or refused, leaves an audit event naming the key, the
 * client's address and how the call ended (and every change it makes, its own event by the same key), which reaches
 * the SIEM as a success or a failure; the trail reads a page at a time and exports as JSON lines streamed while they
 * are read; a key over its calls a minute is refused, others are not; an address that keeps sending missing or wrong
 * keys is told to wait, and a right key from it is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../src/db/audit-log.js';
import { siemWorkerOf } from '../src/siem/index.js';
import { type AdminListener, startAdmin } from './admin-support.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { WebhookReceiver, webhookSecret } from './webhook-receiver.js';

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
        {
          ...{ method: 'POST', route: '/admin/v1/users/:userId/expire-password' },
          ...{ status: 200, outcome: 'success', userId: 'demopass' },
        },
      ],
      [
        null,
        '127.0.0.1',
        { method: 'GET', route: '/admin/v1/users/:userId', status: 401, outcome: 'unauthorized', userId: 'demopass' },
      ],
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

  it('finds the changes one caller made, and exports them as CSV a spreadsheet reads as text', async () => {
    const audit = new AuditLog(t.database.db, t.clock.now);
    const agent = '=HYPERLINK("http://evil.example","click")';
    const mara = { actor: 'operator:mara.help', userAgent: agent };
    await audit.record('account.unlocked', null, { reason: 'ticket "4711"' }, { origin: mara });
    await audit.record('account.unlocked', null, {}, { origin: { actor: 'operator:other' } });
    const query = 'since=2000-01-01T00:00:00Z&kind=account.unlocked&actor=operator%3Amara.help';
    const headers = { authorization: `Bearer ${auditor}` };
    const page = await fetch(`${admin.base}/admin/v1/audit?${query}`, { headers });
    const found = ((await page.json()) as { events: { actor: string }[] }).events;
    expect(found.map((event) => event.actor)).toEqual(['operator:mara.help']);
    const csv = await fetch(`${admin.base}/admin/v1/audit/export?${query}&format=csv`, { headers });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="audit.csv"');
    const [header, row, end] = (await csv.text()).split('\r\n');
    expect(header).toBe('at,kind,userId,actor,address,userAgent,detail');
    // The agent would be a formula: a leading apostrophe makes it text; quotes are doubled (RFC 4180).
    expect(row).toMatch(/^"[^"]+","account\.unlocked","","operator:mara\.help","","'=HYPERLINK\(""http:/);
    expect(row!.endsWith(String.raw`,"{""reason"":""ticket \""4711\""""}"`)).toBe(true);
    expect(end).toBe('');
  });

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

/** The wrong-key throttle of one client address (here 127.0.0.1), and each call's outcome as the SIEM receives it. */
describe.each(DIALECTS)('refused admin calls (%s)', (dialect) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await new WebhookReceiver(webhookSecret('deployment')).start();
    t = await createTestApp(dialect, {
      config: { siem: { webhook: { url: receiver.url, secret: receiver.secret }, syslog: null } },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.stop();
  });
  type Call = { actor: string | null; address: string | null; status: number; outcome: string };
  const calls = async (): Promise<Call[]> =>
    (
      await t.database.db.selectFrom('audit_event').selectAll().where('kind', '=', 'admin.call').orderBy('id').execute()
    ).map((e) => ({
      actor: e.actor,
      address: e.client_address,
      ...(JSON.parse(e.detail) as Omit<Call, 'actor' | 'address'>),
    }));

  it('answers 429 with Retry-After to an address past ten missing or wrong keys a minute, and lets a right key in', async () => {
    const admin = await startAdmin(t);
    try {
      const desk = await admin.key('help-desk', ['users:read', 'scim']);
      const get = (authorization?: string) =>
        fetch(`${admin.base}/admin/v1/users/demopass`, { headers: authorization ? { authorization } : {} });
      const wrong = [undefined, 'Bearer', 'Basic dXNlcjpwYXNz', 'Bearer pak_guess', `Bearer ${desk}x`];
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await get(wrong[i % wrong.length])).status);
      expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);

      const throttled = await get('Bearer pak_another-guess');
      expect(throttled.status).toBe(429);
      expect(throttled.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(throttled.headers.get('www-authenticate')).toBeNull();
      expect(await throttled.json()).toMatchObject({ errors: [{ code: 'throttled' }] });
      // SCIM answers its own shape; a right key from the same address is not held back, on either.
      const scim = await fetch(`${admin.base}/scim/v2/Users`, { headers: { authorization: 'Bearer pak_guess' } });
      expect(scim.status).toBe(429);
      expect(scim.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(await scim.json()).toMatchObject({ status: '429', detail: expect.stringContaining('Retry-After') });
      expect((await get(`Bearer ${desk}`)).status).toBe(200);
      const own = await fetch(`${admin.base}/scim/v2/Users/demopass`, { headers: { authorization: `Bearer ${desk}` } });
      expect(own.status).toBe(200);

      const refused = (await calls()).filter((call) => call.status === 429);
      expect(refused).toHaveLength(4);
      for (const call of refused)
        expect(call).toMatchObject({ actor: null, address: '127.0.0.1', outcome: 'throttled' });
    } finally {
      await admin.close();
    }
  });

  it('audits each call with how it really ended, and the SIEM reads every refusal as a failure', async () => {
    const admin = await startAdmin(t, { adminRatePerMinute: 4 });
    try {
      const reader = await admin.key('outcome-reader', ['users:read']);
      const call = (key: string | null, path: string) =>
        fetch(`${admin.base}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
      const since = t.clock.now();
      const statuses = [
        await call(reader, '/admin/v1/users/demopass'),
        await call(null, '/admin/v1/users/demopass'),
        await call(reader, '/admin/v1/cobrands'),
        await call(reader, '/admin/v1/users/nobody-here'),
        await call(reader, '/admin/v1/users?limit=0'),
        await call(reader, '/admin/v1/users/demopass'),
      ].map((answer) => answer.status);
      expect(statuses).toEqual([200, 401, 403, 404, 400, 429]);

      const audited = (await calls()).filter((row) => row.actor === 'api:outcome-reader' || row.actor === null);
      const outcomes = audited.slice(-6).map((row) => [row.status, row.outcome, row.actor, row.address]);
      expect(outcomes).toEqual([
        [200, 'success', 'api:outcome-reader', '127.0.0.1'],
        [401, 'unauthorized', null, '127.0.0.1'],
        [403, 'forbidden', 'api:outcome-reader', '127.0.0.1'],
        [404, 'not_found', 'api:outcome-reader', '127.0.0.1'],
        [400, 'refused', 'api:outcome-reader', '127.0.0.1'],
        [429, 'throttled', 'api:outcome-reader', '127.0.0.1'],
      ]);

      await siemWorkerOf(t.app).nudge();
      await siemWorkerOf(t.app).nudge();
      const sent = receiver.events
        .filter(({ event }) => event.type === 'admin.call' && Date.parse(event.time) >= since)
        .slice(-6)
        .map(({ event }) => [event.detail.status, event.outcome]);
      expect(sent).toEqual([
        [200, 'success'],
        [401, 'failure'],
        [403, 'failure'],
        [404, 'failure'],
        [400, 'failure'],
        [429, 'failure'],
      ]);
    } finally {
      await admin.close();
    }
  });
});
