/**
 * Imported password hashes cannot slow another bank's sign-ins (docs/decisions.md, "Imported password hashes"): hashes
 * above the ceilings (about twice the portal's argon2id, in memory and time) are refused naming the field and the limit,
 * by line at `users import`, in the admin API's and SCIM's error shapes with keys scoped to one cobrand; a cobrand
 * holds at most four cost classes; and a try on another cobrand's page does the same work, counted, as before the
 * imports. Hashes stored above the ceilings before them are never checked, and a start says so.
 */
import { FORM_TOKEN_FIELD, routePath } from '@portal/contract';
import { serialize } from '@phc/format';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importedHashWork } from '../src/account/index.js';
import { bootstrap } from '../src/bootstrap.js';
import { argon2Work } from '../src/security/passwords.js';
import { type AdminListener, startAdmin } from './admin-support.js';
import { accountRow, createTestApp, DIALECTS, signInSequence, type TestApp } from './harness.js';
import { importFile, importLine, runCommand } from './import-support.js';

const PASSWORD = 'Ledger-Migrated-2019';
const WRONG = 'Not-The-Password-1';
const CEILING =
  / above the import ceiling \(at most [\d,.]+( MiB)?, (about )?twice the portal's argon2id (time|memory)\)$/;

const phc = (id: string, params: Record<string, number>, hashBytes = 32) =>
  serialize({
    id,
    params,
    ...(id.startsWith('argon2') ? { version: 19 } : {}),
    salt: randomBytes(16),
    hash: randomBytes(hashBytes),
  });
const pbkdf2Of = (iterations: number, password = PASSWORD) => {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  return serialize({ id: 'pbkdf2-sha256', params: { i: iterations }, salt, hash });
};

/** Hashes above the ceilings, each with what its refusal says after "passwordHash: ". */
const HOSTILE: [string, string, string][] = [
  ['scrypt-huge', phc('scrypt', { ln: 17, r: 32, p: 16 }), 'scrypt memory (128 x N x r bytes) is 512 MiB'],
  ['scrypt-mild', phc('scrypt', { ln: 16, r: 8, p: 1 }), 'scrypt memory (128 x N x r bytes) is 64 MiB'],
  ['scrypt-slow', phc('scrypt', { ln: 14, r: 8, p: 1 }), 'scrypt work (N x r x p) is 131,072'],
  ['bcrypt-12', `$2b$12$${'a'.repeat(53)}`, 'bcrypt cost is 12'],
  ['pbkdf2-million', phc('pbkdf2-sha256', { i: 1_000_000 }), 'pbkdf2-sha256 iterations is 1,000,000'],
  ['pbkdf2-long', phc('pbkdf2-sha256', { i: 1_000 }, 512), 'pbkdf2-sha256 hash length (bytes) is 512'],
  ['argon2-big', phc('argon2id', { m: 65_536, t: 3, p: 4 }), 'argon2 m (KiB) is 65,536'],
];
/** Twelve users, each with its own iteration count: twelve cost classes, of which a cobrand takes four. */
const TWELVE = Array.from({ length: 12 }, (_, i) => [`iter-${i + 1}`, pbkdf2Of(1_000 * (i + 1))] as const);
const CLASS_LIMIT =
  /^passwordHash: its cost class pbkdf2-sha256:i=\d+ would be one more in cobrand "larchmere", above the import ceiling \(at most 4 cost classes a cobrand; it holds (pbkdf2-sha256:i=\d+(, )?){4}\)$/;

/** The argon2 verifies and imported-hash checks one call made. */
async function counted(work: () => Promise<unknown>): Promise<{ argon2: number; imported: number }> {
  const [argon2, imported] = [argon2Work().verifies, importedHashWork().checks];
  await work();
  return { argon2: argon2Work().verifies - argon2, imported: importedHashWork().checks - imported };
}

describe.each(DIALECTS)('imported hashes cannot slow another cobrand (%s)', (dialect) => {
  let t: TestApp;
  let admin: AdminListener;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await startAdmin(t);
  }, 60_000);
  afterAll(async () => {
    await admin?.close();
    await t?.close();
  });

  /** What a wrong password costs on each page: an unknown user ID's, and a known user's of skerrymoor. */
  const workOnPages = async () => ({
    unknownOnSkerrymoor: await counted(() =>
      signInSequence(t.client(), 'nobody-here', WRONG, { cobrandHost: 'skerrymoor' }),
    ),
    knownOnSkerrymoor: await counted(() =>
      signInSequence(t.client(), 'demoexpired', WRONG, { cobrandHost: 'skerrymoor' }),
    ),
    unknownWithoutPage: await counted(() => signInSequence(t.client(), 'nobody-here', WRONG)),
    unknownOnLarchmere: await counted(() =>
      signInSequence(t.client(), 'nobody-here', WRONG, { cobrandHost: 'larchmere' }),
    ),
  });

  let before: Awaited<ReturnType<typeof workOnPages>>;
  it('counts what a wrong password costs before any import: one argon2 verify and the three {SSHA} checks', async () => {
    before = await workOnPages();
    for (const work of Object.values(before)) expect(work).toEqual({ argon2: 1, imported: 3 });
  });

  it('refuses hostile hashes at `users import` by line, naming the field and the limit, and five classes or more', async () => {
    const lines = [...HOSTILE, ...TWELVE].map(([userId, hash]) =>
      importLine(`cli-${userId}`, hash, { cobrand: 'larchmere' }),
    );
    const report = (await importFile(t, lines)).split('\n');
    HOSTILE.forEach(([, , said], i) => {
      expect(report[i]).toContain(`line ${i + 1}: passwordHash: ${said}, above the import ceiling (at most `);
      expect(report[i]!.slice(`line ${i + 1}: `.length)).toMatch(said.includes('length') ? /one block/ : CEILING);
    });
    const classRefusals = report.slice(HOSTILE.length, -1);
    expect(classRefusals).toHaveLength(8);
    classRefusals.forEach((said, i) => {
      expect(said.startsWith(`line ${HOSTILE.length + 5 + i}: `)).toBe(true);
      expect(said.replace(/^line \d+: /, '')).toMatch(CLASS_LIMIT);
    });
    expect(report.at(-1)).toBe(`Imported 4 users; ${HOSTILE.length + 8} lines refused.`);
  });

  it('refuses them through the admin API with a key scoped to larchmere, in its error shape', async () => {
    const api = admin.client(await admin.key('larchmere-writer', ['users:write'], ['larchmere']));
    const create = (userId: string, passwordHash: string) =>
      api.POST('/admin/v1/users', {
        body: { userId: `rest-${userId}`, email: `rest-${userId}@example.com`, cobrand: 'larchmere', passwordHash },
      });
    for (const [userId, hash, said] of [...HOSTILE, ...TWELVE.slice(4).map(([u, h]) => [u, h, ''] as const)]) {
      const refused = await create(userId, hash);
      expect(refused.response.status, userId).toBe(400);
      expect(refused.error!.errors, userId).toEqual([
        expect.objectContaining({ code: 'invalid', field: 'passwordHash', params: [expect.any(String)] }),
      ]);
      const [message] = refused.error!.errors[0]!.params!;
      expect(message, userId).toMatch(
        said ? new RegExp(`^passwordHash: ${escape(said)}, above the import ceiling`) : CLASS_LIMIT,
      );
      expect(
        (await t.database.db.selectFrom('account').select('id').where('user_id', '=', `rest-${userId}`).execute())
          .length,
      ).toBe(0);
    }
    // The four classes larchmere holds take more users.
    expect((await create('iter-1-again', pbkdf2Of(1_000))).response.status).toBe(201);
  });

  it("refuses them through SCIM with a key scoped to larchmere, in SCIM's error shape", async () => {
    const key = await admin.key('larchmere-scim', ['scim'], ['larchmere']);
    const post = async (userName: string, passwordHash: string) => {
      const response = await fetch(`${admin.base}/scim/v2/Users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/scim+json' },
        body: JSON.stringify({
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', PORTAL],
          userName,
          emails: [{ value: `${userName}@example.com`, primary: true }],
          active: true,
          [PORTAL]: { cobrand: 'larchmere', passwordHash },
        }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, string> };
    };
    for (const [userId, hash, said] of [...HOSTILE, ...TWELVE.slice(4).map(([u, h]) => [u, h, ''] as const)]) {
      const refused = await post(`scim-${userId}`, hash);
      expect(refused.status, userId).toBe(400);
      expect(refused.body).toMatchObject({ status: '400', scimType: 'invalidValue' });
      expect(refused.body.detail, userId).toMatch(
        said ? new RegExp(`^passwordHash: ${escape(said)}, above the import ceiling`) : CLASS_LIMIT,
      );
    }
  });

  it("leaves a wrong password on another page doing the same counted work, and larchmere's bounded", async () => {
    const after = await workOnPages();
    expect({ ...after, unknownOnLarchmere: before.unknownOnLarchmere }).toEqual(before);
    // larchmere's own page pays its four classes, each within the ceilings: at most 1 + 4 x 2 argon2id verifies.
    expect(after.unknownOnLarchmere).toEqual({ argon2: 1, imported: 3 + 4 });
  });

  it("checks a larchmere user's hash on larchmere's page only: on another page the try is refused with that page's work", async () => {
    const onSkerrymoor = await counted(async () => {
      const answer = await signInSequence(t.client(), 'cli-iter-2', PASSWORD, { cobrandHost: 'skerrymoor' });
      expect(answer.statusCode).toBe(401);
    });
    expect(onSkerrymoor).toEqual(before.unknownOnSkerrymoor);
    const onLarchmere = await counted(async () => {
      const answer = await signInSequence(t.client(), 'cli-iter-2', WRONG, { cobrandHost: 'larchmere' });
      expect(answer.statusCode).toBe(401);
    });
    expect(onLarchmere).toEqual({ argon2: 1, imported: 3 + 4 });
    expect((await signInSequence(t.client(), 'cli-iter-2', PASSWORD, { cobrandHost: 'larchmere' })).statusCode).toBe(
      200,
    );
  });

  it("signs a larchmere user in with the form posted without the script from larchmere's page, whose address names it", async () => {
    const postForm = async (cobrand: string) => {
      const client = t.client();
      const page = `${routePath('login-signin-component')}?cobrandHost=${cobrand}`;
      const opened = await client.get(page, { browser: true });
      const token = new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]*)"`).exec(opened.body)?.[1] ?? '';
      const form = { userId: 'cli-iter-4', password: PASSWORD, [FORM_TOKEN_FIELD]: token };
      return client.post(page, { form, browser: true, csrf: false });
    };
    expect((await postForm('skerrymoor')).statusCode).toBe(401);
    const signedIn = await postForm('larchmere');
    expect([signedIn.statusCode, signedIn.headers.location]).toEqual([
      303,
      '/sdportal/platform/home?cobrandHost=larchmere',
    ]);
  });

  it("never checks a hash stored above the ceilings before them: a start names it, and the try costs the page's work", async () => {
    const hostile = HOSTILE[0]![1];
    await t.database.db
      .updateTable('account')
      .set({ password_hash: hostile })
      .where('user_id', '=', 'cli-iter-3')
      .execute();
    const warned: string[] = [];
    await bootstrap(t.config, t.database, (m) => warned.push(m));
    expect(warned).toEqual([
      expect.stringMatching(
        /^1 user\(s\) of cobrand "larchmere" hold an imported password hash the sign-in does not check \(passwordHash: scrypt memory .* is 512 MiB, above the import ceiling .*\): .*`portal users unchecked-hashes` lists them$/,
      ),
    ]);
    const listed = await runCommand(t, 'users unchecked-hashes', undefined);
    expect(listed).toMatch(/^cli-iter-3\s+larchmere\s+passwordHash: scrypt memory \(128 x N x r bytes\) is 512 MiB/);
    const unknown = await counted(() => signInSequence(t.client(), 'nobody-here', WRONG, { cobrandHost: 'larchmere' }));
    const stored = await counted(async () => {
      const answer = await signInSequence(t.client(), 'cli-iter-3', PASSWORD, { cobrandHost: 'larchmere' });
      expect(answer.statusCode).toBe(401);
    });
    expect(stored).toEqual(unknown);
    expect(stored.imported).toBeLessThanOrEqual(3 + 4);
    expect((await accountRow(t.database, 'cli-iter-3')).password_hash).toBe(hostile);
  });

  it('lets concurrent creates of six classes in one cobrand take four places, no more', async () => {
    const api = admin.client(await admin.key('copperleigh-writer', ['users:write'], ['copperleigh']));
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api.POST('/admin/v1/users', {
          body: {
            ...{ userId: `race-${i}`, email: `race-${i}@example.com`, cobrand: 'copperleigh' },
            passwordHash: pbkdf2Of(30_000 + i),
          },
        }),
      ),
    );
    expect(answers.map((answer) => answer.response.status).sort()).toEqual([201, 201, 201, 201, 400, 400]);
    const held = await t.database.db
      .selectFrom('imported_hash_class')
      .select('cost_class')
      .where('cobrand', '=', 'copperleigh')
      .execute();
    expect(held).toHaveLength(4);
  });

  it('gives a user whose hash is never checked a temporary password with `users reset-password`, audited', async () => {
    const said = await runCommand(t, 'users reset-password', 'cli-iter-3');
    const temporary = /^Gave cli-iter-3 the temporary password (\S+) \(to be changed at the next sign-in\)\.$/.exec(
      said,
    )?.[1];
    expect(temporary).toBeDefined();
    const signedIn = await signInSequence(t.client(), 'cli-iter-3', temporary!, { cobrandHost: 'larchmere' });
    expect([signedIn.statusCode, signedIn.body]).toEqual([
      200,
      '/public-portal-ui/change-password-component?ec=0x132120c8&cobrandHost=larchmere',
    ]);
    const events = await t.database.db
      .selectFrom('audit_event')
      .select(['actor', 'account_id'])
      .where('kind', '=', 'account.password.reset')
      .execute();
    expect(events).toEqual([{ actor: 'cli:test', account_id: (await accountRow(t.database, 'cli-iter-3')).id }]);
    expect(await runCommand(t, 'users unchecked-hashes', undefined)).toBe(
      'Every stored imported hash is checked at sign-in.',
    );
  });

  it('gives a hash stored within the ceilings before cost classes were kept its class at the next start', async () => {
    expect(await importFile(t, [importLine('old-alder', pbkdf2Of(20_000), { cobrand: 'alderquay' })])).toContain(
      'Imported 1 users',
    );
    await t.database.db.deleteFrom('imported_hash_class').where('cobrand', '=', 'alderquay').execute();
    const page = { cobrandHost: 'alderquay' };
    expect((await signInSequence(t.client(), 'old-alder', PASSWORD, page)).statusCode).toBe(401);
    await bootstrap(t.config, t.database, () => {});
    expect((await signInSequence(t.client(), 'old-alder', PASSWORD, page)).statusCode).toBe(200);
  });
});

const PORTAL = 'urn:ietf:params:scim:schemas:extension:portal:2.0:User';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
