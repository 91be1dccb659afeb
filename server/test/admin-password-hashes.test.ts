/**
 * Users created through the admin API with the password hash the old directory held (`passwordHash`, as `users
 * import` takes it): they sign in through the public app with their password, which re-hashes the stored hash to
 * argon2id; a bad hash, or a hash given with a password, is refused in the error shape naming the field, and nothing
 * is created.
 */
import bcrypt from 'bcryptjs';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../src/admin/index.js';
import { PARAMS_TAG } from '../src/security/passwords.js';
import { type AdminListener, startAdmin } from './admin-support.js';
import { accountRow, createTestApp, DIALECTS, signInSequence, type TestApp } from './harness.js';

const PASSWORD = 'Ledger-Migrated-2019';
const HOME = '/sdportal/platform/home?cobrandHost=skerrymoor';

const ssha = (password: string) => {
  const salt = randomBytes(8);
  return `{SSHA}${Buffer.concat([createHash('sha1').update(password).update(salt).digest(), salt]).toString('base64')}`;
};

describe.each(DIALECTS)('users created with a password hash through the admin API (%s)', (dialect) => {
  let t: TestApp;
  let admin: AdminListener;
  let api: ReturnType<AdminListener['client']>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await startAdmin(t);
    api = admin.client(await admin.key('migration', [...SCOPES]));
  }, 60_000);
  afterAll(async () => {
    await admin?.close();
    await t?.close();
  });

  const create = (userId: string, body: { password?: string; passwordHash?: string }) =>
    api.POST('/admin/v1/users', {
      body: { userId, email: `${userId}@example.com`, cobrand: 'skerrymoor', ...body },
    });
  const audited = async (userId: string) => {
    const account = await accountRow(t.database, userId);
    const events = await t.database.db
      .selectFrom('audit_event')
      .select(['detail', 'actor'])
      .where('kind', '=', 'account.added')
      .where('account_id', '=', account.id)
      .execute();
    return events.map((e) => ({ actor: e.actor, detail: JSON.parse(e.detail) as unknown }));
  };

  it('signs in a bcrypt and an SSHA user with their password and re-hashes each to argon2id', async () => {
    const hashes = { 'old-bcrypt': await bcrypt.hash(PASSWORD, 4), 'old-ssha': ssha(PASSWORD) };
    for (const [userId, passwordHash] of Object.entries(hashes)) {
      const made = await create(userId, { passwordHash });
      expect(made.response.status, userId).toBe(201);
      expect(made.data, userId).toMatchObject({
        user: { userId, status: 'active', passwordState: 'current' },
        temporaryPassword: null,
      });
      expect((await accountRow(t.database, userId)).password_hash, userId).toBe(passwordHash);
      const scheme = userId === 'old-bcrypt' ? 'bcrypt' : 'ssha';
      expect(await audited(userId)).toEqual([
        { actor: 'api:migration', detail: { cobrand: 'skerrymoor', password: 'imported', scheme } },
      ]);

      const page = { cobrandHost: 'skerrymoor' };
      expect((await signInSequence(t.client(), userId, 'Not-The-Password-1', page)).statusCode, userId).toBe(401);
      expect((await accountRow(t.database, userId)).password_hash, userId).toBe(passwordHash);
      const signedIn = await signInSequence(t.client(), userId, PASSWORD, page);
      expect([signedIn.statusCode, signedIn.body], userId).toEqual([200, HOME]);
      expect((await accountRow(t.database, userId)).password_hash.startsWith(PARAMS_TAG), userId).toBe(true);
      expect((await signInSequence(t.client(), userId, PASSWORD)).statusCode, `${userId} again`).toBe(200);
    }
  });

  it('refuses a bad hash, or a hash with a password, naming passwordHash, and creates nobody', async () => {
    const refusals = [
      ['bad-scheme', { passwordHash: '{MD5}X03MO1qnZdYdgyfeuILPmQ==' }],
      ['bad-cost', { passwordHash: `$2b$13$${'a'.repeat(53)}` }],
      ['bad-ssha', { passwordHash: '{SSHA}bm90IGJhc2U2NA' }],
      ['both-given', { password: PASSWORD, passwordHash: ssha(PASSWORD) }],
    ] as const;
    for (const [userId, body] of refusals) {
      const refused = await create(userId, body);
      expect(refused.response.status, userId).toBe(400);
      expect(refused.error, userId).toMatchObject({ errors: [{ code: 'invalid', field: 'passwordHash' }] });
      expect(refused.error!.errors, userId).toHaveLength(1);
      expect((await api.GET('/admin/v1/users/{userId}', { params: { path: { userId } } })).response.status).toBe(404);
    }
    const [bothSaid] = (await create('both-again', { password: PASSWORD, passwordHash: ssha(PASSWORD) })).error!.errors;
    expect(bothSaid!.params).toEqual(['give a password or a passwordHash, not both']);
  });
});
