/**
 * SCIM 2.0 on the admin listener (/scim/v2), as Entra ID or Okta provisioning calls it: discovery, a provisioning
 * cycle (create, find by filter, PATCH to inactive: sign-in refused and a live session ended at once, reactivate,
 * DELETE as deactivation, then unknown to SCIM), filters and paging, PUT, keys without the scope or limited to other cobrands, and bad
 * filters and patches answered in SCIM's error shape with nothing changed; every change audited with the key's name.
 */
import { Paths } from '@portal/contract';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminListener, startAdmin } from './admin-support.js';
import { accountRow, createTestApp, DIALECTS, signInSequence, type TestApp } from './harness.js';

const CORE = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PORTAL = 'urn:ietf:params:scim:schemas:extension:portal:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

interface Answer {
  status: number;
  type: string;
  headers: Headers;
  body: Record<string, unknown> & { Resources?: Record<string, unknown>[]; totalResults?: number };
}

const newUser = (userName: string, cobrand: string, extra: Record<string, unknown> = {}) => ({
  schemas: [CORE, PORTAL],
  userName,
  name: { givenName: 'Ana', familyName: 'Ruiz' },
  emails: [{ value: `${userName}@example.com`, type: 'work', primary: true }],
  active: true,
  password: 'Provisioned-pass-1',
  [PORTAL]: { cobrand },
  ...extra,
});

const patch = (...operations: unknown[]) => ({ schemas: [PATCH_OP], Operations: operations });

describe.each(DIALECTS)('SCIM 2.0 (%s)', (dialect) => {
  let t: TestApp;
  let admin: AdminListener;
  let entra: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await startAdmin(t);
    entra = await admin.key('entra-provisioning', ['scim']);
  }, 60_000);
  afterAll(async () => {
    await admin?.close();
    await t?.close();
  });

  async function scim(key: string | null, method: string, path: string, body?: unknown): Promise<Answer> {
    const response = await fetch(`${admin.base}/scim/v2${path}`, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      headers: response.headers,
      body: text ? JSON.parse(text) : {},
    };
  }
  const list = (key: string, filter: string, paging = '') =>
    scim(key, 'GET', `/Users?${new URLSearchParams({ filter })}${paging}`);
  const expectScimError = (answer: Answer, status: number, scimType?: string) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.type).toContain('application/scim+json');
    expect(answer.body).toMatchObject({ schemas: [ERROR], status: String(status), ...(scimType ? { scimType } : {}) });
    expect(answer.body.detail).toEqual(expect.any(String));
  };
  const exists = async (userId: string) =>
    (await t.database.db.selectFrom('account').select('id').where('user_id', '=', userId).executeTakeFirst()) !==
    undefined;
  const events = (kind: string) =>
    t.database.db.selectFrom('audit_event').selectAll().where('kind', '=', kind).orderBy('id').execute();

  it('describes itself: ServiceProviderConfig, ResourceTypes and Schemas with the portal extension', async () => {
    const config = await scim(entra, 'GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.type).toContain('application/scim+json');
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true, maxResults: 200 } });
    expect(config.body).toMatchObject({
      bulk: { supported: false },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });
    const types = await scim(entra, 'GET', '/ResourceTypes');
    expect(types.body.Resources).toEqual([
      expect.objectContaining({
        id: 'User',
        endpoint: '/Users',
        schemaExtensions: [
          { schema: PORTAL, required: false },
          { schema: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User', required: false },
        ],
      }),
    ]);
    const schemas = await scim(entra, 'GET', '/Schemas');
    expect(schemas.body.Resources!.map((s) => s.id)).toEqual(expect.arrayContaining([CORE, PORTAL]));
    const extension = await scim(entra, 'GET', `/Schemas/${PORTAL}`);
    expect(JSON.stringify(extension.body)).toContain('cobrand');
    expectScimError(await scim(entra, 'GET', '/Groups'), 404);
  });

  it('walks a provisioning cycle: create, find, deactivate (sessions ended), reactivate, delete (then 404)', async () => {
    const created = await scim(entra, 'POST', '/Users', newUser('scimclerk', 'skerrymoor'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.headers.get('location')).toBe('/scim/v2/Users/scimclerk');
    expect(created.body).toMatchObject({
      schemas: expect.arrayContaining([CORE, PORTAL]),
      id: 'scimclerk',
      userName: 'scimclerk',
      name: { formatted: 'Ana Ruiz' },
      emails: [{ value: 'scimclerk@example.com', primary: true }],
      active: true,
      [PORTAL]: { cobrand: 'skerrymoor' },
      meta: { resourceType: 'User', location: '/scim/v2/Users/scimclerk' },
    });
    expect(created.body).not.toHaveProperty('password');

    const found = await list(entra, 'userName eq "SCIMCLERK"');
    expect(found.body).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(found.body.Resources![0]).toMatchObject({ id: 'scimclerk' });

    const browser = t.client();
    expect((await signInSequence(browser, 'scimclerk', 'Provisioned-pass-1')).statusCode).toBe(200);
    expect((await browser.get(Paths.session)).statusCode).toBe(200);
    // Entra ID's own form: a capitalised op and the boolean as text.
    const off = await scim(
      entra,
      'PATCH',
      '/Users/scimclerk',
      patch({ op: 'Replace', path: 'active', value: 'False' }),
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ active: false });
    expect((await browser.get(Paths.session)).statusCode).not.toBe(200);
    expect((await signInSequence(t.client(), 'scimclerk', 'Provisioned-pass-1')).statusCode).toBe(401);

    const on = await scim(entra, 'PATCH', '/Users/scimclerk', patch({ op: 'replace', value: { active: true } }));
    expect(on.body).toMatchObject({ active: true });
    expect((await signInSequence(t.client(), 'scimclerk', 'Provisioned-pass-1')).statusCode).toBe(200);

    const deleted = await scim(entra, 'DELETE', '/Users/scimclerk');
    expect(deleted.status).toBe(204);
    // Deleted: unknown to SCIM (RFC 7644 §3.6), kept inactive for the audit trail.
    expectScimError(await scim(entra, 'GET', '/Users/scimclerk'), 404);
    expect((await accountRow(t.database, 'scimclerk'))!.status).toBe('inactive');
    expect((await signInSequence(t.client(), 'scimclerk', 'Provisioned-pass-1')).statusCode).toBe(401);

    const account = (await accountRow(t.database, 'scimclerk'))!;
    const changes = await t.database.db
      .selectFrom('audit_event')
      .select(['kind', 'actor', 'client_address'])
      .where('account_id', '=', account.id)
      .where('kind', 'like', 'account.%')
      .orderBy('id')
      .execute();
    const by = { actor: 'api:entra-provisioning', client_address: '127.0.0.1' };
    expect(changes).toEqual(
      ['account.added', 'account.deactivated', 'account.reactivated', 'account.deleted'].map((kind) => ({
        kind,
        ...by,
      })),
    );
    const calls = (await events('admin.call')).map((e) => ({ actor: e.actor, ...JSON.parse(e.detail) }));
    expect(calls).toContainEqual({
      actor: 'api:entra-provisioning',
      method: 'PATCH',
      route: '/scim/v2/Users/:userId',
      status: 200,
      outcome: 'success',
      userId: 'scimclerk',
    });
  });

  it('creates a user with the password hash the old directory held', async () => {
    const hash = bcrypt.hashSync('Old-directory-pass-1', 7);
    const body = newUser('scimimported', 'skerrymoor', {
      password: undefined,
      [PORTAL]: { cobrand: 'skerrymoor', passwordHash: hash },
    });
    const created = await scim(entra, 'POST', '/Users', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(JSON.stringify(created.body)).not.toContain('passwordHash');
    const page = { cobrandHost: 'skerrymoor' };
    expect((await signInSequence(t.client(), 'scimimported', 'Old-directory-pass-1', page)).statusCode).toBe(200);
    expect((await accountRow(t.database, 'scimimported'))!.password_hash).toMatch(/^\$argon2id\$/);
    const [added] = (await events('account.added')).filter((e) => e.detail.includes('bcrypt'));
    expect(added).toMatchObject({ actor: 'api:entra-provisioning' });

    const bad = newUser('scimbadhash', 'skerrymoor', {
      password: undefined,
      [PORTAL]: { cobrand: 'skerrymoor', passwordHash: '{MD5}x' },
    });
    expectScimError(await scim(entra, 'POST', '/Users', bad), 400, 'invalidValue');
    expect(await exists('scimbadhash')).toBe(false);
  });

  it('finds users by e-mail and by active, and pages through them by index, each once', async () => {
    for (const n of [1, 2, 3, 4, 5])
      expect((await scim(entra, 'POST', '/Users', newUser(`scimpage${n}`, 'larchmere'))).status).toBe(201);
    await scim(entra, 'PATCH', '/Users/scimpage5', patch({ op: 'replace', path: 'active', value: false }));

    for (const filter of ['emails.value eq "scimpage2@example.com"', 'emails[value eq "scimpage2@example.com"]']) {
      const byEmail = await list(entra, filter);
      expect(byEmail.body.totalResults, filter).toBe(1);
      expect(byEmail.body.Resources![0]).toMatchObject({ userName: 'scimpage2' });
    }
    const inactive = await list(entra, `active eq false and ${PORTAL}:cobrand eq "larchmere"`);
    expect(inactive.body.Resources!.map((u) => u.userName)).toContain('scimpage5');
    expect(inactive.body.Resources!.every((u) => u.active === false)).toBe(true);

    const filter = `active eq true and ${PORTAL}:cobrand eq "larchmere"`;
    const first = await list(entra, filter, '&startIndex=1&count=2');
    const total = first.body.totalResults!;
    const seen: string[] = [];
    for (let start = 1; start <= total; start += 2) {
      const page = await list(entra, filter, `&startIndex=${start}&count=2`);
      expect(page.body).toMatchObject({ totalResults: total, startIndex: start });
      expect(page.body.Resources!.length).toBe(Math.min(2, total - start + 1));
      expect(page.body.itemsPerPage).toBe(page.body.Resources!.length);
      seen.push(...page.body.Resources!.map((u) => u.userName as string));
    }
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual(expect.arrayContaining(['scimpage1', 'scimpage2', 'scimpage3', 'scimpage4']));
    expect(seen).not.toContain('scimpage5');
    const beyond = await list(entra, filter, `&startIndex=${total + 1}&count=2`);
    expect(beyond.body).toMatchObject({ totalResults: total, Resources: [] });
    const names = await list(entra, 'userName eq "scimpage1"', '&attributes=userName');
    expect(names.body.Resources![0]).toEqual(expect.objectContaining({ userName: 'scimpage1' }));
    expect(names.body.Resources![0]).not.toHaveProperty('emails');
  });

  it('replaces a user with PUT; a userName that differs is refused and changes nothing', async () => {
    await scim(entra, 'POST', '/Users', newUser('scimput', 'skerrymoor'));
    const replaced = await scim(entra, 'PUT', '/Users/scimput', {
      ...newUser('scimput', 'skerrymoor', { password: undefined }),
      name: { formatted: 'Ana Ruiz-Vega' },
      emails: [{ value: 'ana.ruiz@example.com', primary: true }],
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({
      name: { formatted: 'Ana Ruiz-Vega' },
      emails: [{ value: 'ana.ruiz@example.com' }],
    });
    const renamed = await scim(entra, 'PUT', '/Users/scimput', {
      ...newUser('someone-else', 'skerrymoor', { password: undefined }),
      name: { formatted: 'Changed' },
    });
    expectScimError(renamed, 400, 'mutability');
    expect((await accountRow(t.database, 'scimput'))!.display_name).toBe('Ana Ruiz-Vega');
  });

  it('refuses a key without the scim scope, and no key, in its error shape', async () => {
    const desk = await admin.key('desk-no-scim', ['users:read', 'users:write']);
    expectScimError(await scim(desk, 'GET', '/Users'), 403);
    expectScimError(await scim(desk, 'POST', '/Users', newUser('scimnoscope', 'skerrymoor')), 403);
    expect(await exists('scimnoscope')).toBe(false);
    const none = await scim(null, 'GET', '/Users/demopass');
    expectScimError(none, 401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expectScimError(await scim('pak_unknown', 'GET', '/ServiceProviderConfig'), 401);
  });

  it('answers a throttled key in its error shape, with Retry-After', async () => {
    const throttled = await startAdmin(t, { adminRatePerMinute: 2 });
    try {
      const call = () =>
        fetch(`${throttled.base}/scim/v2/Users/demopass`, { headers: { authorization: `Bearer ${entra}` } });
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(200);
      const refused = await call();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toContain('application/scim+json');
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused.json()).toMatchObject({
        schemas: [ERROR],
        status: '429',
        detail: expect.stringContaining('Too many calls'),
      });
    } finally {
      await throttled.close();
    }
  });

  it("keeps a key limited to a cobrand to its users: another cobrand's user is unknown to it", async () => {
    await scim(entra, 'POST', '/Users', newUser('scimother', 'skerrymoor'));
    const larch = await admin.key('larchmere-okta', ['scim'], ['larchmere']);
    expectScimError(await scim(larch, 'GET', '/Users/scimother'), 404);
    expect((await list(larch, 'userName eq "scimother"')).body).toMatchObject({ totalResults: 0, Resources: [] });
    const all = await scim(larch, 'GET', '/Users?count=200');
    expect(all.body.Resources!.every((u) => (u[PORTAL] as { cobrand: string }).cobrand === 'larchmere')).toBe(true);
    expectScimError(
      await scim(larch, 'PATCH', '/Users/scimother', patch({ op: 'replace', path: 'active', value: false })),
      404,
    );
    expectScimError(await scim(larch, 'DELETE', '/Users/scimother'), 404);
    expect((await accountRow(t.database, 'scimother'))!.status).toBe('active');
    expectScimError(await scim(larch, 'POST', '/Users', newUser('scimcross', 'skerrymoor')), 400, 'invalidValue');
    expect(await exists('scimcross')).toBe(false);
    // The key's one cobrand is the default of a user created without one.
    const made = await scim(larch, 'POST', '/Users', newUser('scimdefault', 'larchmere', { [PORTAL]: undefined }));
    expect(made.body).toMatchObject({ [PORTAL]: { cobrand: 'larchmere' } });
  });

  it('answers bad filters, patches and bodies in SCIM error shape, and changes nothing', async () => {
    await scim(entra, 'POST', '/Users', newUser('scimsteady', 'skerrymoor'));
    const before = await accountRow(t.database, 'scimsteady');
    for (const filter of [
      'userName xx "a"',
      'userName eq',
      '"x"',
      '((',
      'name.familyName eq "Ruiz"',
      'userName sw "scim"',
      'userName eq "a" or userName eq "b"',
      'active eq "yes"',
      'not (active eq true)',
    ])
      expectScimError(await list(entra, filter), 400, 'invalidFilter');

    const bad: [unknown, string][] = [
      [patch({ op: 'frob', path: 'active', value: false }), 'invalidSyntax'],
      [patch({ op: 'replace', path: 'nope', value: 1 }), 'invalidPath'],
      [patch({ op: 'replace', path: 'active', value: 'maybe' }), 'invalidValue'],
      [patch({ op: 'add', path: 'displayName' }), 'invalidValue'],
      [patch({ op: 'replace', path: 'userName', value: 'renamed' }), 'mutability'],
      [patch({ op: 'replace', path: 'emails[type eq "work"].value', value: 'not-an-address' }), 'invalidValue'],
      [
        patch(
          { op: 'replace', path: 'name.formatted', value: 'New Name' },
          { op: 'replace', path: 'emails[type eq "work"].value', value: 'x' },
        ),
        'invalidValue',
      ],
      [
        patch({ op: 'replace', path: 'active', value: false }, { op: 'add', path: 'password', value: 'New-pass-1234' }),
        'invalidValue',
      ],
      [{ Operations: [{ op: 'replace', path: 'active', value: false }] }, 'invalidSyntax'],
      [patch(), 'invalidValue'],
      [[1, 2], 'invalidSyntax'],
    ];
    for (const [body, scimType] of bad)
      expectScimError(await scim(entra, 'PATCH', '/Users/scimsteady', body), 400, scimType);
    expectScimError(await scim(entra, 'PATCH', '/Users/scimsteady', '{"schemas": ['), 400);
    expect(await accountRow(t.database, 'scimsteady')).toEqual(before);

    for (const body of [
      { schemas: [CORE], emails: [{ value: 'x@example.com' }], [PORTAL]: { cobrand: 'skerrymoor' } },
      newUser('scimbad1', 'skerrymoor', { userName: 5 }),
      newUser('scimbad2', 'skerrymoor', { emails: 'x' }),
      newUser('scimbad3', 'skerrymoor', { emails: [{ value: 'not-an-address' }] }),
      newUser('scimbad4', 'no-such-cobrand'),
      newUser('scim bad5', 'skerrymoor'),
      newUser('scimbad6', 'skerrymoor', {
        password: 'pw',
        [PORTAL]: { cobrand: 'skerrymoor', passwordHash: '{SSHA}x' },
      }),
      [newUser('scimbad7', 'skerrymoor')],
    ])
      expectScimError(await scim(entra, 'POST', '/Users', body), 400);
    expectScimError(await scim(entra, 'POST', '/Users', newUser('scimsteady', 'skerrymoor')), 409, 'uniqueness');
    const made = await t.database.db
      .selectFrom('account')
      .select('user_id')
      .where('user_id', 'like', 'scimbad%')
      .execute();
    expect(made).toEqual([]);
    expectScimError(await scim(entra, 'GET', '/Users/nobody-here'), 404);
    const odd = await scim(entra, 'GET', '/Users?startIndex=abc&count=-4&filter=userName%20eq%20%22scimsteady%22');
    expect(odd.body).toMatchObject({ totalResults: 1, startIndex: 1, Resources: [] });
  });
});
