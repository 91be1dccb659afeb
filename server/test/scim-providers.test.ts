/**
 * SCIM 2.0 as Microsoft Entra ID and Okta provision with their default settings and attribute mappings, each call in
 * the form those clients send it: Entra ID's connection test, its user with the enterprise extension (department,
 * employeeNumber, manager) and externalId (its mailNickname), found by externalId, updated by PATCH, and deleted with
 * a bodiless DELETE that names application/scim+json; Okta's user with its groups, locale and externalId, its PUT and
 * its deactivation. A user deleted over SCIM is unknown to SCIM from then on (RFC 7644 §3.6) and stays, inactive, for
 * the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../src/operator.js';
import { ALL_COBRANDS } from '../src/refusal.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { type AdminListener, startAdmin } from './admin-support.js';
import { accountRow, createTestApp, DIALECTS, signInSequence, TEST_PORTAL_SECRET, type TestApp } from './harness.js';

const CORE = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const SCIM_JSON = 'application/scim+json';

interface Answer {
  status: number;
  body: Record<string, unknown> & { Resources?: Record<string, unknown>[]; totalResults?: number };
}

/** Entra ID's create with its default mappings (Microsoft's SCIM validator sends the same shape). */
const entraUser = (upn: string, nickname: string) => ({
  schemas: [CORE, ENTERPRISE],
  externalId: nickname,
  userName: upn,
  active: true,
  displayName: 'Ines Moreau',
  title: 'Card programme officer',
  preferredLanguage: 'fr-FR',
  emails: [{ primary: true, type: 'work', value: upn }],
  meta: { resourceType: 'User' },
  name: { formatted: 'Ines Moreau', familyName: 'Moreau', givenName: 'Ines' },
  addresses: [{ type: 'work', formatted: '1 Quai des Cartes', locality: 'Lyon', postalCode: '69001', country: 'FR' }],
  phoneNumbers: [
    { type: 'work', value: '+33 4 00 00 00 00' },
    { type: 'mobile', value: '+33 6 00 00 00 00' },
  ],
  roles: [],
  [ENTERPRISE]: { employeeNumber: 'E-1042', department: 'Cards', manager: { value: 'mgr-7781' } },
});

/** Okta's create with its default profile mappings: groups, locale and its own ID as externalId. */
const oktaUser = (login: string) => ({
  schemas: [CORE],
  userName: login,
  name: { givenName: 'Olu', familyName: 'Adeyemi' },
  emails: [{ primary: true, value: login, type: 'work' }],
  displayName: 'Olu Adeyemi',
  locale: 'en-US',
  externalId: '00u1a2b3c4D5e6F7g8h9',
  groups: [],
  password: 'Okta-Provisioned-pass-1',
  active: true,
});

const patch = (...operations: unknown[]) => ({ schemas: [PATCH_OP], Operations: operations });

describe.each(DIALECTS)('SCIM as Entra ID and Okta call it (%s)', (dialect) => {
  let t: TestApp;
  let admin: AdminListener;
  /** Keys as the docs have banks make them: one per connection, limited to the bank's cobrand. */
  let entra: string;
  let okta: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await startAdmin(t);
    entra = await admin.key('entra-larchmere', ['scim'], ['larchmere']);
    okta = await admin.key('okta-skerrymoor', ['scim'], ['skerrymoor']);
  }, 60_000);
  afterAll(async () => {
    await admin?.close();
    await t?.close();
  });

  /** A call with the headers the client sends: `type` on a call with a body, or also on one without (Entra ID). */
  async function scim(key: string, method: string, path: string, body?: unknown, type?: string): Promise<Answer> {
    const contentType = type ?? (body === undefined ? undefined : SCIM_JSON);
    const response = await fetch(`${admin.base}/scim/v2${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(contentType ? { 'content-type': contentType } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  }
  const list = (key: string, filter: string) =>
    scim(key, 'GET', `/Users?${new URLSearchParams({ filter, startIndex: '1', count: '100' })}`);
  const expect404 = (answer: Answer) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    expect(answer.body).toMatchObject({ schemas: [ERROR], status: '404' });
  };
  const kinds = async (userId: string) => {
    const account = (await accountRow(t.database, userId))!;
    const rows = await t.database.db
      .selectFrom('audit_event')
      .select(['kind', 'actor'])
      .where('account_id', '=', account.id)
      .where('kind', 'like', 'account.%')
      .orderBy('id')
      .execute();
    return rows.map((row) => `${row.kind} ${row.actor}`);
  };

  it('Entra ID: the connection test, a user with the enterprise extension, found by externalId and patched', async () => {
    // "Test Connection" asks for a user who cannot exist.
    const probe = await list(entra, 'userName eq "e5a4a7f2-7f7b-4f43-a4a1-0d1c2b3a4f5e"');
    expect(probe).toMatchObject({ status: 200, body: { totalResults: 0, Resources: [] } });

    const created = await scim(entra, 'POST', '/Users', entraUser('ines.moreau@larchmere.example', 'imoreau'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ id: 'ines.moreau@larchmere.example', externalId: 'imoreau', active: true });
    // Nothing of the enterprise extension is kept, and nothing of it comes back.
    expect(JSON.stringify(created.body)).not.toContain('E-1042');

    const found = await list(entra, 'externalId eq "imoreau"');
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources![0]).toMatchObject({ userName: 'ines.moreau@larchmere.example' });
    expect((await list(entra, 'externalId eq "someone-else"')).body.totalResults).toBe(0);

    // An incremental cycle after a change in Entra ID: its PATCH, in its own forms (capitalised ops, the manager as
    // the bare ID, the work e-mail by a value filter).
    const updated = await scim(
      entra,
      'PATCH',
      '/Users/ines.moreau@larchmere.example',
      patch(
        { op: 'Replace', path: 'displayName', value: 'Ines Moreau-Blanc' },
        { op: 'Replace', path: 'name.familyName', value: 'Moreau-Blanc' },
        { op: 'Replace', path: 'name.formatted', value: 'Ines Moreau-Blanc' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'ines.blanc@larchmere.example' },
        { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Card operations' },
        { op: 'Add', path: `${ENTERPRISE}:employeeNumber`, value: 'E-1043' },
        { op: 'Add', path: `${ENTERPRISE}:manager`, value: 'mgr-9902' },
        { op: 'Replace', path: 'externalId', value: 'iblanc' },
      ),
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      name: { formatted: 'Ines Moreau-Blanc' },
      emails: [{ value: 'ines.blanc@larchmere.example' }],
      externalId: 'iblanc',
    });
    expect((await list(entra, 'externalId eq "iblanc"')).body.totalResults).toBe(1);
    expect(await kinds('ines.moreau@larchmere.example')).toEqual(
      ['account.added', 'account.name.set', 'account.email.set', 'account.external-id.set'].map(
        (kind) => `${kind} api:entra-larchmere`,
      ),
    );
  });

  it('Entra ID: disabled, then deleted with a bodiless DELETE naming application/scim+json; unknown to SCIM after', async () => {
    const upn = 'paul.vidal@larchmere.example';
    expect((await scim(entra, 'POST', '/Users', entraUser(upn, 'pvidal'))).status).toBe(201);
    const disabled = await scim(
      entra,
      'PATCH',
      `/Users/${upn}`,
      patch({ op: 'Replace', path: 'active', value: 'False' }),
    );
    expect(disabled.body).toMatchObject({ active: false });
    // Disabled is not deleted: SCIM still shows the user, inactive.
    expect((await scim(entra, 'GET', `/Users/${upn}`)).body).toMatchObject({ id: upn, active: false });

    const deleted = await scim(entra, 'DELETE', `/Users/${upn}`, undefined, SCIM_JSON);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    expect404(await scim(entra, 'GET', `/Users/${upn}`));
    expect((await list(entra, `userName eq "${upn}"`)).body.totalResults).toBe(0);
    expect((await list(entra, 'externalId eq "pvidal"')).body.totalResults).toBe(0);
    expect404(await scim(entra, 'PATCH', `/Users/${upn}`, patch({ op: 'Replace', path: 'active', value: true })));
    expect404(await scim(entra, 'DELETE', `/Users/${upn}`, undefined, SCIM_JSON));
    // A user of the same name is not made anew over the deleted one: the record is there, for the audit.
    const again = await scim(entra, 'POST', '/Users', entraUser(upn, 'pvidal'));
    expect(again).toMatchObject({ status: 409, body: { scimType: 'uniqueness' } });
    expect(String(again.body.detail)).toContain('deleted by provisioning');

    const row = (await accountRow(t.database, upn))!;
    expect(row).toMatchObject({ status: 'inactive', external_id: 'pvidal' });
    expect(row.deleted_at).not.toBeNull();
    expect((await kinds(upn)).slice(-1)).toEqual(['account.deleted api:entra-larchmere']);

    // The way back is an operator's (`users reactivate`): active, and known to SCIM again.
    const operator = createOperator({ database: t.database, keys: deriveKeys(TEST_PORTAL_SECRET), clock: t.clock.now });
    await operator.users.reactivate(ALL_COBRANDS, upn, { actor: 'cli:test' });
    expect((await scim(entra, 'GET', `/Users/${upn}`)).body).toMatchObject({ id: upn, active: true });
    expect((await kinds(upn)).slice(-1)).toEqual(['account.reactivated cli:test']);
  });

  it('takes a bodiless DELETE with application/json too, and refuses a DELETE body that is not JSON', async () => {
    const upn = 'lea.roux@larchmere.example';
    expect((await scim(entra, 'POST', '/Users', entraUser(upn, 'lroux'))).status).toBe(201);
    const broken = await fetch(`${admin.base}/scim/v2/Users/${upn}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${entra}`, 'content-type': SCIM_JSON },
      body: '{not json',
    });
    expect(broken.status).toBe(400);
    expect((await accountRow(t.database, upn))!.status).toBe('active');
    expect((await scim(entra, 'DELETE', `/Users/${upn}`, undefined, 'application/json')).status).toBe(204);
  });

  it('Okta: finds, creates (groups, locale, externalId), reads, replaces with PUT and deactivates', async () => {
    const login = 'olu.adeyemi@skerrymoor.example';
    expect((await list(okta, `userName eq "${login}"`)).body.totalResults).toBe(0);
    const created = await scim(okta, 'POST', '/Users', oktaUser(login));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ id: login, externalId: '00u1a2b3c4D5e6F7g8h9', active: true });
    expect((await signInSequence(t.client(), login, 'Okta-Provisioned-pass-1')).statusCode).toBe(200);

    const read = await scim(okta, 'GET', `/Users/${login}`);
    expect(read.status).toBe(200);
    // Okta's profile push: the whole user back with PUT, as it read it, with the change.
    const { password: _password, ...sent } = oktaUser(login);
    const replaced = await scim(okta, 'PUT', `/Users/${login}`, {
      ...sent,
      id: login,
      name: { givenName: 'Olu', familyName: 'Adeyemi-Cole' },
      meta: read.body.meta,
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({ name: { formatted: 'Olu Adeyemi-Cole' } });

    const off = await scim(okta, 'PATCH', `/Users/${login}`, patch({ op: 'replace', value: { active: false } }));
    expect(off.body).toMatchObject({ active: false });
    expect((await signInSequence(t.client(), login, 'Okta-Provisioned-pass-1')).statusCode).toBe(401);
    expect((await list(okta, `userName eq "${login}"`)).body.Resources![0]).toMatchObject({ active: false });
  });
});
