/**
 * MAX_SESSIONS_PER_USER: one user holds at most that many sessions; a sign-in beyond it ends the oldest, and the
 * audit says so.
 */
import { Paths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  DIALECTS,
  accountRow,
  signInSequence,
  type TestApp,
  type TestClient,
  useFreshTestApp,
} from '../../test/harness.js';

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useFreshTestApp(dialect, { config: { maxSessionsPerUser: 3 } }, (app) => (t = app));

    async function signedIn(userId: string): Promise<TestClient> {
      t.clock.advance(1_000);
      const client = t.client();
      expect((await signInSequence(client, userId)).statusCode).toBe(200);
      return client;
    }
    const status = async (client: TestClient) => (await client.get(Paths.session)).statusCode;

    it('ends the oldest session when a sign-in would go beyond the cap, and records why', async () => {
      // Another user's session (here a must-change one) neither counts nor ends.
      await signedIn('demoexpired');
      const browsers: TestClient[] = [];
      for (let i = 0; i < 5; i++) browsers.push(await signedIn('demopass'));
      expect(await Promise.all(browsers.map(status))).toEqual([401, 401, 200, 200, 200]);
      const other = await accountRow(t.database, 'demoexpired');
      const kept = await t.database.db.selectFrom('session').where('account_id', '=', other.id).selectAll().execute();
      expect(kept).toHaveLength(1);

      const account = await accountRow(t.database, 'demopass');
      const ended = await t.database.db
        .selectFrom('audit_event')
        .select('detail')
        .where('kind', '=', 'session.ended')
        .where('account_id', '=', account.id)
        .execute();
      expect(ended.map((e) => JSON.parse(e.detail))).toEqual([
        { reason: 'session cap', count: 1 },
        { reason: 'session cap', count: 1 },
      ]);
    });

    it('lets a browser sign in again without using up the cap: its old session is replaced, not added', async () => {
      const first = await signedIn('demopass');
      const second = await signedIn('demopass');
      for (let i = 0; i < 3; i++) {
        t.clock.advance(1_000);
        expect((await signInSequence(second, 'demopass')).statusCode).toBe(200);
      }
      expect(await status(first)).toBe(200);
      expect(await status(second)).toBe(200);
    });
  });
}
