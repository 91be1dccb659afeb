/**
 * The admin API on its own listener, as a bank's tools call it: bearer keys whose refusal tells nothing, each call
 * refused without its scope (changing nothing) and answered with it, keys limited to cobrands that see only their
 * users, the user's life from creation to deactivation (which ends their sessions at once), tokens, single sign-on
 * links, sessions, passkeys, the audit trail paged and streamed, the cobrands, a throttle per key, and an audit event
 * for every call naming the key and the client's address. The scenarios use a client generated from /admin/openapi.json.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, type Scope } from '../src/admin/index.js';
import { type AdminListener, startAdmin } from './admin-support.js';
import { accountRow, createTestApp, DIALECTS, type TestApp } from './harness.js';

const V1 = '/admin/v1';

describe.each(DIALECTS)('admin API (%s)', (dialect) => {
  let t: TestApp;
  let admin: AdminListener;
  const key: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await startAdmin(t);
    key.full = await admin.key('full', [...SCOPES]);
    key.skerry = await admin.key('skerry-desk', [...SCOPES], ['skerrymoor']);
  }, 60_000);
  afterAll(async () => {
    await admin?.close();
    await t?.close();
  });

  /** A call as any HTTP client makes it, with a key (or a whole Authorization header) or none. */
  async function call(auth: string | null | undefined, method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = {};
    if (auth) headers.authorization = auth.startsWith('pak_') ? `Bearer ${auth}` : auth;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${admin.base}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    const json = text && response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : null;
    return { status: response.status, json, text, headers: response.headers };
  }

  /** What an audit-trail reader counts as a change: every event but the calls themselves. */
  const changes = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('audit_event')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('kind', '!=', 'admin.call')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a missing, malformed, unknown or revoked key with one answer', async () => {
    const revoked = await admin.key('gone', ['users:read']);
    await admin.revoke('gone');
    const answers = await Promise.all(
      [null, 'Bearer', 'Basic dXNlcjpwYXNz', 'Bearer pak_notakey', `Bearer ${revoked}`, `Bearer ${key.full}x`].map(
        (auth) => call(auth, 'GET', `${V1}/users/demopass`),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      expect(answer.json).toEqual(answers[0]!.json);
    }
    expect(answers[0]!.json.errors[0].code).toBe('unauthenticated');
    expect((await call(key.full, 'GET', `${V1}/users/demopass`)).status).toBe(200);
  });

  it('answers each call only with the scope it needs; without it, 403 and nothing changes', async () => {
    const u = 'scope-clerk';
    await admin.client(key.full).POST('/admin/v1/users', {
      body: { userId: u, email: 'scope@example.com', cobrand: 'skerrymoor', password: 'Scope-clerk-1' },
    });
    const calls: [Scope, string, string, unknown, number][] = [
      ['users:write', 'POST', '/users', { userId: 'scope-new', email: 'n@example.com', cobrand: 'skerrymoor' }, 201],
      ['users:read', 'GET', '/users?cobrand=skerrymoor', undefined, 200],
      ['users:read', 'GET', `/users/${u}`, undefined, 200],
      ['users:write', 'PATCH', `/users/${u}`, { name: 'Scope Clerk' }, 200],
      ['users:write', 'PUT', `/users/${u}/security-question`, { question: 'First pet?', answer: 'Rex the dog' }, 200],
      ['users:write', 'POST', `/users/${u}/expire-password`, undefined, 200],
      ['users:write', 'POST', `/users/${u}/unlock`, undefined, 409],
      ['users:write', 'POST', `/users/${u}/token`, undefined, 201],
      ['users:write', 'POST', `/users/${u}/token/reset-pin`, undefined, 204],
      ['users:write', 'PUT', `/users/${u}/token/at-server`, undefined, 204],
      ['users:write', 'DELETE', `/users/${u}/token`, undefined, 204],
      ['users:read', 'GET', `/users/${u}/sso-links`, undefined, 200],
      ['users:write', 'POST', `/users/${u}/sso-links`, { subject: 'abc' }, 409],
      ['users:read', 'GET', `/users/${u}/sessions`, undefined, 200],
      ['users:write', 'DELETE', `/users/${u}/sessions/no-such-session`, undefined, 404],
      ['users:write', 'DELETE', `/users/${u}/sessions`, undefined, 200],
      ['users:read', 'GET', `/users/${u}/passkeys`, undefined, 200],
      ['users:write', 'DELETE', `/users/${u}/passkeys/no-such-passkey`, undefined, 404],
      ['users:write', 'POST', `/users/${u}/deactivate`, undefined, 200],
      ['audit:read', 'GET', '/audit', undefined, 200],
      ['audit:read', 'GET', '/audit/export', undefined, 200],
      ['cobrands:read', 'GET', '/cobrands', undefined, 200],
      ['cobrands:read', 'GET', '/cobrands/skerrymoor', undefined, 200],
      ['cobrands:write', 'POST', '/cobrands/import', undefined, 200],
    ];
    for (const scope of SCOPES) {
      key[`all-but-${scope}`] = await admin.key(
        `all-but-${scope.replace(':', '-')}`,
        SCOPES.filter((s) => s !== scope),
      );
      key[`only-${scope}`] = await admin.key(`only-${scope.replace(':', '-')}`, [scope]);
    }
    for (const [scope, method, path, body, status] of calls) {
      const where = `${method} ${path}`;
      const before = { row: await accountRow(t.database, u), changes: await changes() };
      const refused = await call(key[`all-but-${scope}`]!, method, `${V1}${path}`, body);
      expect(refused.status, where).toBe(403);
      expect(refused.json.errors[0].code, where).toBe('forbidden');
      expect({ row: await accountRow(t.database, u), changes: await changes() }, where).toEqual(before);
      expect((await call(key[`only-${scope}`]!, method, `${V1}${path}`, body)).status, where).toBe(status);
    }
  }, 120_000);

  it("limits a key to its cobrands' users: others answer as unknown ones do, and stay unchanged", async () => {
    const client = admin.client(key.skerry);
    const unknown = await call(key.skerry, 'GET', `${V1}/users/nobody-at-all`);
    const elsewhere = await call(key.skerry, 'GET', `${V1}/users/demoinactive`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.json).toEqual(unknown.json);
    expect(
      (await client.GET('/admin/v1/users/{userId}', { params: { path: { userId: 'demopass' } } })).data?.cobrand,
    ).toBe('skerrymoor');
    const before = await accountRow(t.database, 'demoinactive');
    for (const [method, path, body] of [
      ['PATCH', '/users/demoinactive', { name: 'Taken Over' }],
      ['POST', '/users/demoinactive/deactivate', undefined],
      ['POST', '/users/demoinactive/token', undefined],
      ['DELETE', '/users/demoinactive/sessions', undefined],
      ['GET', '/users/demoinactive/sessions', undefined],
      ['GET', '/users/demoinactive/passkeys', undefined],
      ['DELETE', '/users/demoinactive/passkeys/any-passkey', undefined],
      ['GET', '/audit?userId=demoinactive', undefined],
    ] as const)
      expect((await call(key.skerry, method, `${V1}${path}`, body)).status, `${method} ${path}`).toBe(404);
    expect(await accountRow(t.database, 'demoinactive')).toEqual(before);

    const listed = (await client.GET('/admin/v1/users', { params: { query: { limit: 500 } } })).data!;
    expect(listed.users.length).toBeGreaterThan(0);
    expect(new Set(listed.users.map((u) => u.cobrand))).toEqual(new Set(['skerrymoor']));
    expect((await client.GET('/admin/v1/users', { params: { query: { cobrand: 'larchmere' } } })).data!.users).toEqual(
      [],
    );
    const made = await call(key.skerry, 'POST', `${V1}/users`, {
      userId: 'x9',
      email: 'x9@example.com',
      cobrand: 'larchmere',
    });
    expect(made.status).toBe(400);
    expect(made.json.errors[0].field).toBe('cobrand');
    expect((await client.GET('/admin/v1/cobrands')).data!.cobrands.map((c) => c.name)).toEqual(['skerrymoor']);
    expect((await call(key.skerry, 'GET', `${V1}/cobrands/larchmere`)).status).toBe(404);
    expect((await call(key.skerry, 'POST', `${V1}/cobrands/import`)).status).toBe(403);
    const events = (
      await client.GET('/admin/v1/audit', { params: { query: { since: '2000-01-01T00:00:00Z', limit: 1000 } } })
    ).data!.events;
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.userId !== null && e.userId !== 'demoinactive')).toBe(true);
  });
});
