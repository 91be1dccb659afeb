/**
 * Users imported with the password hashes the old directory held (issue 36), as an administrator imports them
 * (`users import --file`) and as they then sign in through the real sign-in call: each scheme's right password signs
 * in and is re-hashed to argon2id, a wrong one counts toward the lock, and a bad line is reported by its number while
 * the others import, nothing of it written.
 */
import { hash as argon2 } from '@node-rs/argon2';
import { serialize } from '@phc/format';
import bcrypt from 'bcryptjs';
import { createHash, pbkdf2Sync, randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { argon2Work, PARAMS_TAG } from '../security/passwords.js';
import { accountRow, DIALECTS, signInSequence, type TestApp, useFreshTestApp } from '../../test/harness.js';
import { importFile, importLine, importDeps } from '../../test/import-support.js';
import { AccountStore } from './account-store.js';
import { createAccount } from './create-account.js';
import { IMPORT_BATCH, importUsers } from './import-users.js';
import { parsePasswordHash } from './imported-hashes.js';

const PASSWORD = 'Ledger-Migrated-2019';
const WRONG = 'Not-The-Password-1';
const HOME = '/sdportal/platform/home?cobrandHost=skerrymoor';

const ab64 = (buffer: Buffer) => buffer.toString('base64').replace(/=+$/, '').replace(/\+/g, '.');
const ssha = (tag: string, algorithm: string) => {
  const salt = randomBytes(8);
  return `${tag}${Buffer.concat([createHash(algorithm).update(PASSWORD).update(salt).digest(), salt]).toString('base64')}`;
};
const phc = (id: string, params: Record<string, number>, derive: (salt: Buffer) => Buffer) => {
  const salt = randomBytes(16);
  return serialize({ id, params, salt, hash: derive(salt) });
};

/** One hash of each scheme the import accepts, each of PASSWORD, made as the old directory's software makes them. */
async function hashesOfEachScheme(): Promise<Record<string, string>> {
  const bcrypt2b = await bcrypt.hash(PASSWORD, 4);
  const ldapSalt = randomBytes(16);
  return {
    argon2id: await argon2(PASSWORD, { algorithm: 2, memoryCost: 8192, timeCost: 3, parallelism: 1 }),
    scrypt: phc('scrypt', { ln: 12, r: 8, p: 1 }, (salt) => scryptSync(PASSWORD, salt, 32, { N: 4096, r: 8, p: 1 })),
    pbkdf2sha256: phc('pbkdf2-sha256', { i: 10_000 }, (salt) => pbkdf2Sync(PASSWORD, salt, 10_000, 32, 'sha256')),
    pbkdf2sha512: phc('pbkdf2-sha512', { i: 10_000 }, (salt) => pbkdf2Sync(PASSWORD, salt, 10_000, 64, 'sha512')),
    bcrypt2a: bcrypt2b.replace('$2b$', '$2a$'),
    bcrypt2b,
    bcrypt2y: bcrypt2b.replace('$2b$', '$2y$'),
    ssha: ssha('{SSHA}', 'sha1'),
    ssha256: ssha('{SSHA256}', 'sha256'),
    ssha512: ssha('{SSHA512}', 'sha512'),
    ldapPbkdf2: `{PBKDF2-SHA256}10000$${ab64(ldapSalt)}$${ab64(pbkdf2Sync(PASSWORD, ldapSalt, 10_000, 32, 'sha256'))}`,
  };
}

const line = importLine;

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useFreshTestApp(dialect, {}, (app) => (t = app));

    it('signs in a user of each scheme with the right password and re-hashes it to argon2id; a wrong one counts', async () => {
      const hashes = await hashesOfEachScheme();
      // Five cost classes: a cobrand holds four, so the argon2id user is another bank's.
      const cobrandOf = (scheme: string) => (scheme === 'argon2id' ? 'larchmere' : 'skerrymoor');
      const report = await importFile(
        t,
        Object.entries(hashes).map(([scheme, hash]) =>
          line(`old-${scheme}`, hash, { name: 'Old Directory User', cobrand: cobrandOf(scheme) }),
        ),
      );
      expect(report).toContain(`Imported ${Object.keys(hashes).length} users; 0 lines refused.`);
      for (const [scheme, hash] of Object.entries(hashes)) {
        const userId = `old-${scheme}`;
        const page = { cobrandHost: cobrandOf(scheme) };
        expect((await accountRow(t.database, userId)).password_hash, scheme).toBe(hash);
        expect((await signInSequence(t.client(), userId, WRONG, page)).statusCode, scheme).toBe(401);
        const after = await accountRow(t.database, userId);
        expect([after.failed_attempts, after.password_hash], scheme).toEqual([1, hash]);

        const signedIn = await signInSequence(t.client(), userId, PASSWORD, page);
        expect(signedIn.statusCode, scheme).toBe(200);
        expect(signedIn.body, scheme).toBe(HOME.replace('skerrymoor', page.cobrandHost));
        const rehashed = await accountRow(t.database, userId);
        expect(rehashed.password_hash.startsWith(PARAMS_TAG), scheme).toBe(true);
        expect(rehashed.failed_attempts, scheme).toBe(0);
        expect((await signInSequence(t.client(), userId, PASSWORD)).statusCode, `${scheme} again`).toBe(200);
      }
    });

    it('makes one argon2 verify and no hash for a refused try on an imported hash, as for any other', async () => {
      const { bcrypt2b, ssha: sshaHash } = await hashesOfEachScheme();
      await importFile(t, [line('old-bcrypt', bcrypt2b), line('old-ssha', sshaHash)]);
      for (const userId of ['old-bcrypt', 'old-ssha', 'nobody-here']) {
        const before = argon2Work();
        const page = { cobrandHost: 'skerrymoor' };
        expect((await signInSequence(t.client(), userId, WRONG, page)).statusCode, userId).toBe(401);
        const after = argon2Work();
        expect([after.verifies - before.verifies, after.hashes - before.hashes], userId).toEqual([1, 0]);
      }
    });

    it('reports each bad line by its number, writes nothing of it, and imports the others', async () => {
      const { ssha: good } = await hashesOfEachScheme();
      const report = await importFile(t, [
        line('kept-1', good),
        'not json',
        line('bad-hash', '{MD5}X03MO1qnZdYdgyfeuILPmQ=='),
        line('bad-cost', '$2b$13$' + 'a'.repeat(53)),
        line('demopass', good),
        line('no-cobrand', good, { cobrand: 'nowhere' }),
        line('extra', good, { role: 'admin' }),
        '',
        line('kept-2', good, { email: 'not an address' }),
        line('kept-3', good),
      ]);
      expect(report.split('\n')).toEqual([
        'line 2: not a JSON object',
        'line 3: passwordHash is not a PHC string, a bcrypt hash, nor one of {SSHA}, {SSHA256}, {SSHA512}, {PBKDF2-SHA256}',
        "line 4: passwordHash: bcrypt cost is 13, above the import ceiling (at most 7, about twice the portal's argon2id time)",
        'line 5: user "demopass" already exists',
        'line 6: no cobrand "nowhere"',
        'line 7: unknown field "role"',
        'line 9: email must be an e-mail address',
        'Imported 2 users; 7 lines refused.',
      ]);
      const ids = (await t.database.db.selectFrom('account').select('user_id').execute()).map((row) => row.user_id);
      expect(ids).toEqual(expect.arrayContaining(['kept-1', 'kept-3']));
      expect(ids).not.toEqual(expect.arrayContaining(['bad-hash']));
      for (const refused of ['bad-hash', 'bad-cost', 'no-cobrand', 'extra', 'kept-2'])
        expect(ids, refused).not.toContain(refused);
      const added = await t.database.db
        .selectFrom('audit_event')
        .select(['kind', 'detail', 'actor'])
        .where('kind', '=', 'account.added')
        .execute();
      expect(added.filter((event) => event.actor === 'cli:test')).toHaveLength(2);
      expect(JSON.parse(added.at(-1)!.detail)).toEqual({ cobrand: 'skerrymoor', password: 'imported', scheme: 'ssha' });
    });

    it('writes a file of several batches, refusing by its line a user ID given twice, one like another and a fifth class', async () => {
      const { ssha: cheap } = await hashesOfEachScheme();
      // Five cost classes in one cobrand: pbkdf2 at five iteration counts (what is imported is never checked here).
      const pbkdf2 = (i: number) => phc('pbkdf2-sha256', { i }, () => randomBytes(32));
      const lines = Array.from({ length: IMPORT_BATCH + 10 }, (_, n) => line(`bulk-${n + 1}`, cheap));
      const put = (at: number, userId: string, hash = cheap) => (lines[at - 1] = line(userId, hash));
      put(2, 'twin');
      put(5, 'TWIN');
      put(7, 'paypal');
      put(9, 'p\u0430ypal');
      [11, 12, 13, 14, 15].forEach((at, k) => put(at, `class-${k + 1}`, pbkdf2(1000 + k)));
      put(16, 'class-again', pbkdf2(1000));
      put(IMPORT_BATCH + 3, 'Twin');
      const report = (await importFile(t, lines)).split('\n');
      const refused = [
        'line 5: user "TWIN" already exists',
        'line 9: user ID "p\u0430ypal" looks like an existing user\'s; choose another',
        expect.stringMatching(
          /^line 15: passwordHash: its cost class pbkdf2-sha256.* would be one more in cobrand "skerrymoor"/,
        ),
        `line ${IMPORT_BATCH + 3}: user "Twin" already exists`,
      ];
      const imported = IMPORT_BATCH + 10 - 4;
      expect(report).toEqual([...refused, `Imported ${imported} users; 4 lines refused.`]);
      const ids = (await t.database.db.selectFrom('account').select('user_id').execute()).map((row) => row.user_id);
      expect(ids).toEqual(
        expect.arrayContaining(['twin', 'paypal', 'class-4', 'class-again', `bulk-${IMPORT_BATCH + 10}`]),
      );
      for (const userId of ['TWIN', 'Twin', 'p\u0430ypal', 'class-5']) expect(ids, userId).not.toContain(userId);
      // One event an account added, each naming it.
      const events = await t.database.db
        .selectFrom('audit_event')
        .innerJoin('account', 'account.id', 'audit_event.account_id')
        .select(['account.user_id', 'audit_event.actor'])
        .where('kind', '=', 'account.added')
        .where('actor', '=', 'cli:test')
        .execute();
      expect(events).toHaveLength(imported);
      expect(new Set(events.map((event) => event.user_id)).size).toBe(imported);
    });

    it('writes a batch another writer got in the way of line by line, refusing only the line it took', async () => {
      const { ssha: cheap } = await hashesOfEachScheme();
      const deps = importDeps(t);
      let interfered = false;
      const report = await importUsers(Array.from({ length: 20 }, (_, n) => line(`raced-${n + 1}`, cheap)).join('\n'), {
        ...deps,
        async addAudited(write) {
          if (interfered) return deps.addAudited(write);
          interfered = true;
          // The batch meets the unique key of an account another administrator added meanwhile; theirs commits.
          const other = {
            userId: 'raced-7',
            email: 'x@example.com',
            cobrand: 'skerrymoor',
            password: { imported: parsePasswordHash(cheap) },
          };
          const add = (trx: Parameters<typeof write>[0]) =>
            createAccount(new AccountStore(trx), deps.identityKey, other, deps.now, trx);
          const failed = t.database.db.transaction().execute(async (trx) => {
            await write(trx);
            await add(trx);
          });
          await expect(failed).rejects.toThrow();
          await t.database.db.transaction().execute(add);
          return failed;
        },
      });
      expect(report).toEqual({ imported: 19, refused: [{ line: 7, problem: 'user "raced-7" already exists' }] });
      const raced = await t.database.db
        .selectFrom('account')
        .select('email')
        .where('user_id', 'like', 'raced-%')
        .execute();
      expect(raced).toHaveLength(20);
      expect(raced.filter((row) => row.email === 'x@example.com')).toHaveLength(1);
    });
  });
}
