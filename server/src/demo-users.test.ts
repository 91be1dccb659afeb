/**
 * The demo's users share one hash of the published password and one of the answer, made once a process: every test
 * app and every `npm start` on an empty database seeds them, and each user's own hashes cost two argon2id hashes each.
 */
import { describe, expect, it } from 'vitest';
import { argon2Work } from './security/passwords.js';
import { createTestApp, signInSequence } from '../test/harness.js';
import { DEMO_USERS } from './demo-users.js';

const hashesOf = async (t: Awaited<ReturnType<typeof createTestApp>>) =>
  t.database.db.selectFrom('account').select(['password_hash', 'security_answer_hash']).execute();

describe('the demo users', () => {
  it('share one password hash and one answer hash, made once a process, and each signs in with them', async () => {
    const first = await createTestApp('sqlite');
    const before = argon2Work().hashes;
    const second = await createTestApp('sqlite');
    try {
      const made = argon2Work().hashes - before;
      const rows = [...(await hashesOf(first)), ...(await hashesOf(second))];
      expect(rows).toHaveLength(DEMO_USERS.length * 2);
      expect(new Set(rows.map((row) => row.password_hash)).size).toBe(1);
      expect(new Set(rows.map((row) => row.security_answer_hash)).size).toBe(1);
      // The second app's seeding hashed none of its users' secrets (its operators' own are theirs).
      expect(made).toBeLessThan(DEMO_USERS.length);
      for (const userId of ['demopass', 'demoexpired'])
        expect((await signInSequence(second.client(), userId)).statusCode).toBe(200);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
