/**
 * A change of credentials is a step up: the session that makes it continues under a new ID and a new anti-forgery
 * token, as at sign-in, so an ID or token seen before the change (fixed, logged, shoulder-read) is worth nothing after.
 */
import { CSRF_COOKIE, Paths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo-users.js';
import {
  DIALECTS,
  SESSION_COOKIE,
  expectErrorShape,
  signInSequence,
  type TestApp,
  type TestClient,
  useFreshTestApp,
} from '../../test/harness.js';

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useFreshTestApp(dialect, {}, (app) => (t = app));

    /** Another browser that holds exactly the cookies the signed-in one held at this moment. */
    const copyOf = (client: TestClient) => t.client({ cookies: new Map(client.cookies) });

    it('issues a new session ID and sec-token when a signed-in user changes the password; the old ones stop working', async () => {
      const client = t.client();
      expect((await signInSequence(client, 'demopass')).statusCode).toBe(200);
      const before = copyOf(client);

      const changed = await client.post(Paths.changePassword, {
        json: { userId: 'demopass', oldCredential: DEMO_PASSWORD, newCredential: 'Harbour-Light-77' },
      });
      expect(changed.statusCode).toBe(200);
      const set = new Map(changed.cookies.map((c) => [c.name, c.value]));
      expect(set.get(SESSION_COOKIE)).toBeDefined();
      expect(set.get(SESSION_COOKIE)).not.toBe(before.sessionCookie);
      expect(set.get(CSRF_COOKIE)).toBeDefined();
      expect(set.get(CSRF_COOKIE)).not.toBe(before.csrfToken);

      // The user stays signed in under the new identifiers, deadlines and all.
      expect((await client.get(Paths.session)).statusCode).toBe(200);
      expect((await client.request('PUT', Paths.logErrorStatement, { json: 'still here' })).statusCode).toBe(204);
      // The identifiers from before the change open nothing.
      expectErrorShape(await before.get(Paths.session), 401, 'unauthenticated');
      const withOldToken = t.client({ cookies: new Map([...client.cookies, [CSRF_COOKIE, before.csrfToken!]]) });
      expectErrorShape(await withOldToken.request('PUT', Paths.logErrorStatement, { json: 'old token' }), 403);
    });
  });
}
