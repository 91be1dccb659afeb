/**
 * User IDs at every way in (checklist 58): `demopass` with a zero-width space, a word joiner or a soft hyphen, in
 * full-width letters, or with a Cyrillic о, is refused as a new user on the command line (`users add`, `users
 * import`), the admin API (a key limited to another cobrand) and SCIM, each in its own shape, and nothing is written;
 * a plain new ID goes in on each. At sign-in the invisible and full-width forms name demopass, and an unknown ID is
 * answered as its plain form is. Accounts made before, that look like another, keep working, and no new one may look
 * like them (docs/decisions.md, "User IDs: one form, and no look-alikes").
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/bootstrap.js';
import { COMMANDS, type CommandContext, usageOf } from '../src/cli-commands.js';
import { AccountStore } from '../src/account/index.js';
import { DEMO_PASSWORD } from '../src/demo-users.js';
import { createOperator } from '../src/operator.js';
import { Refusal } from '../src/refusal.js';
import { deriveKeys, loadPortalSecret } from '../src/security/portal-secret.js';
import { type AdminListener, startAdmin } from './admin-support.js';
import {
  accountRow,
  createTestApp,
  DIALECTS,
  loginInfo,
  signInSequence,
  TEST_PORTAL_SECRET,
  type TestApp,
} from './harness.js';

const CORE = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PORTAL = 'urn:ietf:params:scim:schemas:extension:portal:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const BCRYPT = '$2b$04$' + 'a'.repeat(53);

const INVISIBLE = 'must not hold spaces or invisible characters (zero-width, word joiner, soft hyphen, controls)';
/** Each look-alike of demopass, and how every way in answers it. */
const LOOKALIKES = [
  { name: 'a zero-width space', userId: 'demopass\u200b', refused: 'invisible' },
  { name: 'a word joiner', userId: 'demopass\u2060', refused: 'invisible' },
  { name: 'a soft hyphen', userId: 'demo\u00adpass', refused: 'invisible' },
  { name: 'full-width letters', userId: 'ｄｅｍｏｐａｓｓ', refused: 'exists' },
  { name: 'a Cyrillic о', userId: 'dem\u043epass', refused: 'looks-alike' },
] as const;
type Lookalike = (typeof LOOKALIKES)[number];

const said = ({ userId, refused }: Lookalike) =>
  ({
    invisible: INVISIBLE,
    exists: 'user "demopass" already exists',
    'looks-alike': `user ID "${userId}" looks like an existing user's; choose another`,
  })[refused];

describe.each(DIALECTS)('user IDs that look like another (%s)', (dialect) => {
  let t: TestApp;
  let admin: AdminListener;
  let desk: string;
  let scimKey: string;
  let folder: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await startAdmin(t);
    // Limited to a cobrand demopass is not in: the look-alike check still sees every cobrand's users.
    desk = await admin.key('larchmere-desk', ['users:write', 'users:read'], ['larchmere']);
    scimKey = await admin.key('larchmere-scim', ['scim'], ['larchmere']);
    folder = mkdtempSync(join(tmpdir(), 'portal-lookalikes-'));
  }, 60_000);
  afterAll(async () => {
    await admin?.close();
    await t?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** A command as cli.ts runs it: a refusal of the services is said as the command line says it. */
  async function command(name: string, subject: string | undefined, options: CommandContext['options']) {
    const keys = () => deriveKeys(loadPortalSecret(TEST_PORTAL_SECRET, folder, () => {}));
    const ctx: CommandContext = {
      ...{ database: t.database, accounts: new AccountStore(t.database.db), keys, demo: false },
      ...{ now: t.clock.now(), origin: { actor: 'cli:test' }, subject, options },
      operator: () => createOperator({ database: t.database, keys: keys(), clock: t.clock.now }),
    };
    try {
      return await COMMANDS[name]!(ctx);
    } catch (error) {
      return `Error: ${(error instanceof Refusal ? usageOf(error) : (error as Error)).message}`;
    }
  }
  const cliAdd = (userId: string) =>
    command('users add', userId, { email: 'clerk@example.com', cobrand: ['larchmere'], password: 'Clerk-pass-123' });
  async function cliImport(userIds: string[]) {
    const file = join(folder, `users-${randomBytes(4).toString('hex')}.jsonl`);
    const line = (userId: string) =>
      JSON.stringify({ userId, email: 'clerk@example.com', cobrand: 'larchmere', passwordHash: BCRYPT });
    writeFileSync(file, userIds.map(line).join('\n'));
    return command('users import', undefined, { file });
  }
  const restAdd = (userId: string) =>
    admin.client(desk).POST('/admin/v1/users', {
      body: { userId, email: 'clerk@example.com', cobrand: 'larchmere', password: 'Clerk-pass-123' },
    });
  async function scim(method: string, path: string, body: unknown) {
    const response = await fetch(`${admin.base}/scim/v2${path}`, {
      method,
      headers: { authorization: `Bearer ${scimKey}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const scimUser = (userName: string) => ({
    schemas: [CORE, PORTAL],
    userName,
    emails: [{ value: 'clerk@example.com', type: 'work', primary: true }],
    [PORTAL]: { cobrand: 'larchmere' },
  });
  const scimAdd = (userName: string) => scim('POST', '/Users', scimUser(userName));
  const accounts = async () =>
    (await t.database.db.selectFrom('account').select('user_id').orderBy('user_id').execute()).map((a) => a.user_id);

  it.each(LOOKALIKES)('refuses demopass with $name on every way in, and writes nothing', async (lookalike) => {
    const before = await accounts();
    const message = said(lookalike);
    const conflict = lookalike.refused !== 'invisible';

    expect(await cliAdd(lookalike.userId)).toBe(`Error: ${conflict ? message : `the user ID ${message}`}`);
    expect(await cliImport([lookalike.userId])).toBe(
      `line 1: ${conflict ? message : `userId ${message}`}\nImported 0 users; 1 lines refused.`,
    );
    const rest = await restAdd(lookalike.userId);
    expect(rest.response.status).toBe(conflict ? 409 : 400);
    expect(rest.error).toMatchObject({
      errors: [{ code: conflict ? 'conflict' : 'invalid', field: 'userId', params: [message] }],
    });
    const scim = await scimAdd(lookalike.userId);
    expect(scim.status).toBe(conflict ? 409 : 400);
    expect(scim.body).toMatchObject({
      status: String(conflict ? 409 : 400),
      scimType: conflict ? 'uniqueness' : 'invalidValue',
      detail: conflict ? message : `userId ${message}`,
    });

    expect(await accounts()).toEqual(before);
  });

  it('takes a plain new user ID on every way in', async () => {
    expect(await cliAdd('plain-cli')).toBe('Added user plain-cli.');
    expect(await cliImport(['plain-import'])).toBe('Imported 1 users; 0 lines refused.');
    expect((await restAdd('plain-rest')).response.status).toBe(201);
    expect((await scimAdd('plain-scim')).status).toBe(201);
    expect(await accounts()).toEqual(expect.arrayContaining(['plain-cli', 'plain-import', 'plain-rest', 'plain-scim']));
    // Each holds its skeleton: the next look-alike of any of them is one indexed lookup away.
    const plain = await accountRow(t.database, 'plain-rest');
    expect(plain.user_id_skeleton).toBe('plain-rest');
    expect((await restAdd('pIain-rest')).response.status).toBe(409);
  });

  it('refuses a SCIM userName with invisible characters in a PUT or PATCH, and takes another form of the same ID', async () => {
    const rename = (value: string) =>
      scim('PATCH', '/Users/plain-scim', {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'userName', value }],
      });
    expect(await rename('plain-scim\u200b')).toMatchObject({
      status: 400,
      body: { scimType: 'invalidValue', detail: `userId ${INVISIBLE}` },
    });
    expect(await scim('PUT', '/Users/plain-scim', scimUser('plain\u00ad-scim'))).toMatchObject({
      status: 400,
      body: { scimType: 'invalidValue' },
    });
    expect(await rename('pIain-scim')).toMatchObject({ status: 400, body: { scimType: 'mutability' } });
    expect(await scim('PUT', '/Users/plain-scim', scimUser('ＰＬＡＩＮ-ｓｃｉｍ'))).toMatchObject({
      status: 200,
      body: { userName: 'plain-scim' },
    });
  });

  it('stores a full-width new user ID in its plain form', async () => {
    expect(await cliAdd('ｗｉｄｅｃｌｅｒｋ')).toBe('Added user wideclerk.');
    expect((await accountRow(t.database, 'wideclerk')).user_id).toBe('wideclerk');
  });

  it('signs demopass in when typed with an invisible character or in full-width, and answers an unknown ID as its plain form', async () => {
    const plain = await loginInfo(t.client(), 'demopass');
    for (const typed of ['demopass\u200b', 'demo\u00adpass', 'ｄｅｍｏｐａｓｓ', 'DEMOPASS\u2060'])
      expect((await loginInfo(t.client(), typed)).ldapId, JSON.stringify(typed)).toBe(plain.ldapId);
    expect((await signInSequence(t.client(), 'ｄｅｍｏｐａｓｓ', DEMO_PASSWORD)).statusCode).toBe(200);
    // The Cyrillic о is another ID: no account, answered as any unknown one.
    expect((await loginInfo(t.client(), 'dem\u043epass')).ldapId).not.toBe(plain.ldapId);
    expect((await signInSequence(t.client(), 'dem\u043epass', DEMO_PASSWORD)).statusCode).toBe(401);
    const unknown = await loginInfo(t.client(), 'nobody-here');
    expect(await loginInfo(t.client(), 'ｎｏｂｏｄｙ-here\u200b')).toEqual({
      ...unknown,
      b2BAlias: 'ｎｏｂｏｄｙ-here\u200b',
    });
  });

  it('keeps accounts made before that look like another working, and refuses a new one like them', async () => {
    // As the service wrote them before user IDs were normalised: folded only in case, with no skeleton.
    const demopass = await accountRow(t.database, 'demopass');
    const made = (id: string, userId: string) => ({
      ...demopass,
      ...{ id, user_id: userId, user_id_key: userId.toLowerCase(), ldap_id: `u-made-before-${id}` },
      user_id_skeleton: null,
    });
    await new AccountStore(t.database.db).insert(made('before-1', 'demopass\u200b'));
    await new AccountStore(t.database.db).insert(made('before-2', 'ｏｌｄｃｌｅｒｋ'));
    await prepareDatabase(t.database);

    const skeletons = await t.database.db
      .selectFrom('account')
      .select(['id', 'user_id_skeleton'])
      .where('id', 'in', ['before-1', 'before-2'])
      .orderBy('id')
      .execute();
    expect(skeletons).toEqual([
      { id: 'before-1', user_id_skeleton: null },
      { id: 'before-2', user_id_skeleton: 'oldclerk' },
    ]);
    // Typed as it is held, each signs in to its own account; typed plainly, demopass is demopass.
    expect((await loginInfo(t.client(), 'demopass\u200b')).ldapId).toBe('u-made-before-before-1');
    expect((await signInSequence(t.client(), 'demopass\u200b', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await loginInfo(t.client(), 'ｏｌｄｃｌｅｒｋ')).ldapId).toBe('u-made-before-before-2');
    expect((await loginInfo(t.client(), 'demopass')).ldapId).toBe(demopass.ldap_id);
    // The operator finds it as it is held, and no new ID may look like it.
    expect(
      (
        await admin.client(await admin.key('all-desk', ['users:read'])).GET('/admin/v1/users/{userId}', {
          params: { path: { userId: 'ｏｌｄｃｌｅｒｋ' } },
        })
      ).data?.userId,
    ).toBe('ｏｌｄｃｌｅｒｋ');
    expect(await cliAdd('oldclerk')).toBe(`Error: user ID "oldclerk" looks like an existing user's; choose another`);
  });
});
