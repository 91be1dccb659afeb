/**
 * Finding a user by name (issue 49: the help desk finds a user "by user ID, e-mail or name"): the start of a name, typed
 * in any case and with or without accents, finds it through the admin API, in name order a page at a time, within the
 * caller's cobrands; a renamed user is found by the new name, a nameless one by none; and the names of accounts made
 * before the name index are filled in at start-up.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fillNameKeys } from '../src/account/index.js';
import { startAdmin, type AdminListener } from './admin-support.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

const PEOPLE: [string, string, string][] = [
  ['jnunez', 'José Núñez', 'skerrymoor'],
  ['jruiz', 'JOSEFINA Ruiz', 'skerrymoor'],
  ['jlarch', 'Josef Larchmere', 'larchmere'],
  ['ana', 'Ana Jose', 'skerrymoor'],
];

for (const dialect of DIALECTS) {
  describe(`users found by name (${dialect})`, () => {
    let t: TestApp;
    let admin: AdminListener;
    let key: string;
    beforeEach(async () => {
      t = await createTestApp(dialect);
      admin = await startAdmin(t);
      key = await admin.key('desk', ['users:read', 'users:write']);
      for (const [userId, name, cobrand] of PEOPLE) {
        const made = await admin.client(key).POST('/admin/v1/users', {
          body: { userId, name, cobrand, email: `${userId}@example.com`, password: 'Harbour-Light-77' },
        });
        expect(made.response.status).toBe(201);
      }
    });
    afterEach(async () => {
      await admin?.close();
      await t?.close();
    });
    const found = async (query: string, bearer = key) => {
      const answer = await fetch(`${admin.base}/admin/v1/users?${query}`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(answer.status, query).toBe(200);
      const { users, next } = (await answer.json()) as { users: { userId: string }[]; next: string | null };
      return { ids: users.map((u) => u.userId), next };
    };

    it('finds the start of a name in any case, with or without accents, in name order', async () => {
      expect((await found('name=jose')).ids).toEqual(['jnunez', 'jlarch', 'jruiz']);
      expect((await found(`name=${encodeURIComponent('JOSÉ N')}`)).ids).toEqual(['jnunez']);
      expect((await found('name=ana%20jos')).ids).toEqual(['ana']);
      // The start of the name, not a word inside it.
      expect((await found('name=nunez')).ids).toEqual([]);
      expect((await found(`name=${encodeURIComponent('  ')}`)).ids).toEqual([]);
    });

    it('pages a long result by its cursor, each user once', async () => {
      const first = await found('name=jose&limit=2');
      // "jose nunez" before "josef larchmere": names compare as folded, a space before any letter.
      expect(first).toEqual({ ids: ['jnunez', 'jlarch'], next: 'jlarch' });
      expect(await found(`name=jose&limit=2&cursor=${first.next}`)).toEqual({ ids: ['jruiz'], next: null });
    });

    it('keeps a key of one cobrand to its users, and follows a renamed user', async () => {
      const bank = await admin.key('bank', ['users:read'], ['larchmere']);
      expect((await found('name=jose', bank)).ids).toEqual(['jlarch']);
      const renamed = await admin.client(key).PATCH('/admin/v1/users/{userId}', {
        params: { path: { userId: 'jruiz' } },
        body: { name: 'Maria Ruiz' },
      });
      expect(renamed.response.status).toBe(200);
      expect((await found('name=jose')).ids).toEqual(['jnunez', 'jlarch']);
      expect((await found('name=maria')).ids).toEqual(['jruiz']);
    });

    it('fills in the names of accounts made before the name index, at start-up', async () => {
      await t.database.db.updateTable('account').set({ name_key: null }).execute();
      expect((await found('name=jose')).ids).toEqual([]);
      expect(await fillNameKeys(t.database.db)).toBeGreaterThanOrEqual(PEOPLE.length);
      expect((await found('name=jose')).ids).toEqual(['jnunez', 'jlarch', 'jruiz']);
      expect(await fillNameKeys(t.database.db)).toBe(0);
    });
  });
}
