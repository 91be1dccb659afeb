/**
 * Every provisioning path runs one input pipeline (provisioning-input.ts): `users add`, `users import`, the admin API's
 * POST and PATCH, SCIM's POST, PUT and PATCH are each fed the same hostile set (invisible and control characters,
 * full-width and look-alike forms of an existing user ID, over-long values, hashes above each ceiling, a fifth cost
 * class, cobrands outside the caller's), and each refuses every one in its own error shape with nothing stored. An
 * unrelated user's sign-in then does the same counted work as before. A path past the pipeline lets the set through,
 * and the same check says so.
 */
import { serialize } from '@phc/format';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importedHashWork } from '../src/account/index.js';
import { argon2Work } from '../src/security/passwords.js';
import { storesOf } from '../src/stores.js';
import { type AdminListener, startAdmin } from './admin-support.js';
import { createTestApp, DIALECTS, signInSequence, type TestApp } from './harness.js';
import { importFile, runCommand } from './import-support.js';
import { type Given, type Path, pastThePipeline, provisioningPaths } from './provisioning-paths.js';

const PASSWORD = 'Guarded-Intake-2026';
const WRONG = 'Not-The-Password-1';
const COBRAND = 'larchmere';

const phc = (id: string, params: Record<string, number>) =>
  serialize({
    id,
    params,
    ...(id.startsWith('argon2') ? { version: 19 } : {}),
    salt: randomBytes(16),
    hash: randomBytes(32),
  });
const pbkdf2Of = (iterations: number) => {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(PASSWORD, salt, iterations, 32, 'sha256');
  return serialize({ id: 'pbkdf2-sha256', params: { i: iterations }, salt, hash });
};
/** The four cost classes larchmere holds before the set is fed: a hash of the first is a harmless one. */
const HELD = [1_000, 2_000, 3_000, 4_000].map(pbkdf2Of);

/** The existing user the look-alikes mimic, and the one the PUTs and PATCHes are aimed at. */
const MIMICKED = 'ledgerkeeper';
const TARGET: Given = {
  userId: 'harbourclerk',
  email: 'harbourclerk@example.com',
  name: 'Harbour Clerk',
  cobrand: COBRAND,
};
const NEWCOMER: Given = { userId: 'newcomer', email: 'newcomer@example.com', name: 'New Comer', cobrand: COBRAND };

/** A cobrand the API key does not hold: the command line holds every one, so it is not fed there. */
const OUTSIDE = "a cobrand outside the caller's";

/** Each hostile input: the values it overrides, on a new user (a creation) or on TARGET (a change). */
const HOSTILE: [string, Partial<Given>][] = [
  ['user ID with a zero-width space', { userId: 'new\u200bcomer' }],
  ['user ID with a soft hyphen', { userId: 'new\u00adcomer' }],
  ['user ID with a right-to-left override', { userId: 'new\u202ecomer' }],
  ['user ID with a control character', { userId: 'new\u0007comer' }],
  ['full-width form of an existing user ID', { userId: 'ｌｅｄｇｅｒｋｅｅｐｅｒ' }],
  ['an existing user ID in capitals', { userId: 'LEDGERKEEPER' }],
  ['look-alike of an existing user ID (Cyrillic е)', { userId: 'ledgerk\u0435eper' }],
  ['look-alike of an existing user ID (capital I for l)', { userId: 'Iedgerkeeper' }],
  ['over-long user ID', { userId: 'u'.repeat(65) }],
  ['over-long e-mail address', { email: `${'e'.repeat(250)}@example.com` }],
  ['e-mail address with a control character', { email: 'new\u001bcomer@example.com' }],
  ['over-long name', { name: 'N'.repeat(201) }],
  ['name with a control character', { name: 'New\u0000Comer' }],
  ['argon2 memory above the ceiling', { passwordHash: phc('argon2id', { m: 65_536, t: 1, p: 1 }) }],
  ['scrypt N x r x p above the ceiling', { passwordHash: phc('scrypt', { ln: 14, r: 8, p: 1 }) }],
  ['pbkdf2 iterations above the ceiling', { passwordHash: phc('pbkdf2-sha256', { i: 1_000_000 }) }],
  ['bcrypt cost above the ceiling', { passwordHash: `$2b$12$${'a'.repeat(53)}` }],
  ['a fifth cost class in the cobrand', { passwordHash: pbkdf2Of(5_000) }],
  [OUTSIDE, { cobrand: 'skerrymoor' }],
  ['a cobrand that does not exist', { cobrand: 'atlantis' }],
];

const slug = (name: string) =>
  name
    .replace(/[^a-z]+/gi, '')
    .slice(-12)
    .toLowerCase();

/** The outcome each path × input had, with whether anything was stored meanwhile. */
interface Verdict {
  path: string;
  input: string;
  refused: boolean;
  stored: boolean;
  said: string;
}

/** The counted work of one call: argon2 verifies and imported-hash checks. */
async function counted(work: () => Promise<unknown>): Promise<{ argon2: number; imported: number }> {
  const [argon2, imported] = [argon2Work().verifies, importedHashWork().checks];
  await work();
  return { argon2: argon2Work().verifies - argon2, imported: importedHashWork().checks - imported };
}

describe.each(DIALECTS)('one provisioning pipeline for every path (%s)', (dialect) => {
  let t: TestApp;
  let admin: AdminListener;
  let paths: Record<string, Path>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await startAdmin(t);
    const line = (userId: string, passwordHash: string) =>
      JSON.stringify({ userId, email: `${userId}@example.com`, cobrand: COBRAND, passwordHash });
    const held = HELD.map((hash, i) => line(`held-${i + 1}`, hash));
    expect(await importFile(t, [...held, line(MIMICKED, HELD[0]!)])).toBe('Imported 5 users; 0 lines refused.');
    const options = { email: TARGET.email, name: TARGET.name, cobrand: [COBRAND], password: PASSWORD } as never;
    expect(await runCommand(t, 'users add', TARGET.userId, options)).toBe(`Added user ${TARGET.userId}.`);
    const key = await admin.key('larchmere-desk', ['users:read', 'users:write', 'scim'], [COBRAND]);
    paths = provisioningPaths(t, admin, key, TARGET, PASSWORD);
  }, 60_000);
  afterAll(async () => {
    await admin?.close();
    await t?.close();
  });

  /** Every account and every held cost class, as stored. */
  const stored = async () =>
    JSON.stringify([
      await t.database.db.selectFrom('account').selectAll().orderBy('id').execute(),
      await t.database.db.selectFrom('imported_hash_class').selectAll().orderBy('cobrand').orderBy('slot').execute(),
    ]);

  /** Feeds every hostile input to `path` (SCIM PUT and PATCH, the admin PATCH: as a change of TARGET). */
  async function feed(name: string, path: Path): Promise<Verdict[]> {
    const change = / (PUT|PATCH) /.test(` ${name} `);
    const verdicts: Verdict[] = [];
    for (const [n, [input, override]] of HOSTILE.entries()) {
      if (input === OUTSIDE && name.startsWith('npm')) continue;
      // A new user ID each time: one let through must not make the next path's call a mere conflict.
      const userId = `${NEWCOMER.userId}-${slug(name)}-${n}`;
      const newcomer = { ...NEWCOMER, userId, email: `${userId}@example.com`, passwordHash: HELD[0]! };
      const given = { ...(change ? TARGET : newcomer), ...override };
      const before = await stored();
      const outcome = await path(given, Object.keys(override) as (keyof Given)[]);
      if (!outcome) continue;
      verdicts.push({ path: name, input, ...outcome, stored: (await stored()) !== before });
    }
    return verdicts;
  }
  const through = (verdicts: Verdict[]) => verdicts.filter((v) => !v.refused || v.stored);

  /** What a wrong password costs an unrelated user on larchmere's page and on another, and an unknown user ID. */
  const work = async () => ({
    unrelatedOnLarchmere: await counted(() => signInSequence(t.client(), 'held-2', WRONG, { cobrandHost: COBRAND })),
    unrelatedOnSkerrymoor: await counted(() =>
      signInSequence(t.client(), 'demoexpired', WRONG, { cobrandHost: 'skerrymoor' }),
    ),
    unknownOnLarchmere: await counted(() => signInSequence(t.client(), 'nobody-here', WRONG, { cobrandHost: COBRAND })),
    larchmereClasses: (await storesOf(t.database).importClasses.of(COBRAND)).length,
  });

  let before: Awaited<ReturnType<typeof work>>;
  it("counts an unrelated user's sign-in work before the set is fed", async () => {
    before = await work();
    expect(before.larchmereClasses).toBe(4);
    expect(before.unrelatedOnLarchmere).toEqual({ argon2: 1, imported: 3 + 4 });
    expect(before.unrelatedOnSkerrymoor).toEqual({ argon2: 1, imported: 3 });
  });

  it('refuses every hostile input on every path, in its own error shape, with nothing stored', async () => {
    const verdicts: Verdict[] = [];
    for (const [name, path] of Object.entries(paths)) verdicts.push(...(await feed(name, path)));
    expect(through(verdicts)).toEqual([]);
    // Each path was fed what it can carry: every input on the creating paths, the values it changes on the others.
    const fed = Object.fromEntries(Object.keys(paths).map((p) => [p, verdicts.filter((v) => v.path === p).length]));
    expect(fed).toEqual({
      // No hash (five inputs), and every cobrand is the command line's.
      'npm run portal -- users add': HOSTILE.length - 6,
      'npm run portal -- users import': HOSTILE.length - 1,
      'POST /admin/v1/users': HOSTILE.length,
      // A name and an address: two over-long, two with a control character.
      'PATCH /admin/v1/users/{userId}': 4,
      'POST /scim/v2/Users': HOSTILE.length,
      'PUT /scim/v2/Users/{id}': HOSTILE.length,
      'PATCH /scim/v2/Users/{id}': HOSTILE.length,
    });
    for (const v of verdicts.filter((v) => v.path.startsWith('npm'))) expect(v.said, v.input).toMatch(/^exit \d: /);
    for (const v of verdicts.filter((v) => /admin|scim/.test(v.path))) expect(v.said, v.input).toMatch(/^4(00|09) /);
  });

  it("leaves an unrelated user's sign-in doing the same counted work", async () => {
    expect(await work()).toEqual(before);
  });

  it('takes the same user, harmless, on every creating path: the refusals were the input, not the path', async () => {
    const creating = Object.entries(paths).filter(([name]) => !/ (PUT|PATCH) /.test(` ${name} `));
    for (const [i, [name, path]] of creating.entries()) {
      const userId = `welcome-${i}`;
      const given = { ...NEWCOMER, userId, email: `${userId}@example.com`, passwordHash: HELD[i % 4]! };
      const outcome = await path(given, []);
      expect(outcome?.refused, `${name}: ${outcome?.said}`).toBe(false);
    }
    expect(await work()).toEqual(before);
  });

  it('catches a path past the pipeline: the same set fed to the account store gets through', async () => {
    const verdicts = await feed('the account store', pastThePipeline(t, PASSWORD));
    expect(through(verdicts).map((v) => v.input)).toEqual(
      expect.arrayContaining([
        'user ID with a zero-width space',
        'user ID with a control character',
        'e-mail address with a control character',
        OUTSIDE,
      ]),
    );
  });
});
