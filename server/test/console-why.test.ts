/**
 * "Why can't this user sign in?" and "how do they sign in?" as the console's operator reads them (the admin API): a
 * lock on new browsers told from an operator's lock, a trusted browser locked on its own, a password found in a breach
 * told from one expired, a user of the bank's identity provider (linked there or not), and each user's ways in.
 */
import { ConsolePaths } from '@portal/contract/console';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AccountStore, createAccount } from '../src/account/index.js';
import { DEMO_PASSWORD } from '../src/demo-users.js';
import { hashSecret } from '../src/security/passwords.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { SsoStore } from '../src/sso/index.js';
import { startAdmin, type AdminListener } from './admin-support.js';
import { signedInOperator } from './console-support.js';
import {
  createTestApp,
  DIALECTS,
  signInSequence,
  TEST_PORTAL_SECRET,
  type TestApp,
  type TestClient,
} from './harness.js';
import { startProviders, type Providers } from './sso-support.js';

const API = ConsolePaths.adminApi;
const REASON = { 'x-audit-reason': 'Ticket 5120' };
/** In the list of breached passwords shipped with the portal. */
const BREACHED = 'chickenwing101';

let providers: Providers;
beforeAll(async () => {
  providers = await startProviders([]);
});
afterAll(async () => {
  await providers?.close();
});

for (const dialect of DIALECTS) {
  describe(`why a user cannot sign in, as the console reads it (${dialect})`, () => {
    let t: TestApp;
    let admin: AdminListener;
    let desk: TestClient;
    beforeEach(async () => {
      t = await createTestApp(dialect, { env: providers.env, beforeStart: providers.beforeStart });
      admin = await startAdmin(t);
      desk = await signedInOperator(t, admin, 'ivo.help', 'helpdesk');
    });
    afterEach(async () => {
      await admin?.close();
      await t?.close();
    });

    const problemsOf = async (userId: string) => {
      const answer = await desk.get(`${API}/users/${userId}/sign-in-problems`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ problems: { code: string; fix: string | null; detail: Record<string, unknown> }[] }>()
        .problems;
    };
    const methodsOf = async (userId: string) => {
      const answer = await desk.get(`${API}/users/${userId}/sign-in-methods`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };

    it("tells a lock on new browsers, which the user's trusted browsers pass, from an operator's lock", async () => {
      const own = t.client();
      expect((await signInSequence(own, 'demopass', DEMO_PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 6; i += 1) await signInSequence(t.client({ remoteAddress: '203.0.113.7' }), 'demopass', 'no');
      expect(await problemsOf('demopass')).toMatchObject([
        { code: 'locked', fix: 'unlock', detail: { lockedFor: 'unknown-devices', addresses: '203.0.113.7' } },
      ]);
      // What the console says the lock leaves open: the user's own browser signs in.
      expect((await signInSequence(own, 'demopass', DEMO_PASSWORD)).statusCode).toBe(200);

      await desk.post(`${API}/users/demopass/unlock`, { headers: REASON });
      await t.database.db.updateTable('account').set({ status: 'locked' }).where('user_id', '=', 'demopass').execute();
      expect(await problemsOf('demopass')).toMatchObject([{ code: 'locked', detail: { lockedFor: 'every-device' } }]);
    });

    it('says a trusted browser is locked on its own, and the unlock clears it', async () => {
      const own = t.client();
      expect((await signInSequence(own, 'demopass', DEMO_PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 6; i += 1) await signInSequence(own, 'demopass', 'no');
      expect(await problemsOf('demopass')).toEqual([
        expect.objectContaining({ code: 'device.locked', fix: 'unlock', detail: { devices: 1 } }),
      ]);
      expect((await signInSequence(own, 'demopass', DEMO_PASSWORD)).statusCode).toBe(401);
      expect((await desk.post(`${API}/users/demopass/unlock`, { headers: REASON })).statusCode).toBe(200);
      expect(await problemsOf('demopass')).toEqual([]);
      expect((await signInSequence(own, 'demopass', DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('tells a password found in a breach at sign-in from one that expired', async () => {
      await t.database.db
        .updateTable('account')
        .set({ password_hash: await hashSecret(BREACHED) })
        .where('user_id', '=', 'demopass')
        .execute();
      await signInSequence(t.client(), 'demopass', BREACHED);
      expect(await problemsOf('demopass')).toMatchObject([{ code: 'password.breached', fix: null }]);
      expect(await problemsOf('demoexpired')).toMatchObject([{ code: 'password.expired', fix: null }]);
    });

    it("says a user signs in at the bank's identity provider only, and whether it knows them", async () => {
      const accounts = new AccountStore(t.database.db);
      const user = {
        userId: 'sso-ida',
        email: 'ida@example.com',
        cobrand: 'veltmoor',
        password: 'Unused-Password-2026',
      };
      await createAccount(accounts, deriveKeys(TEST_PORTAL_SECRET).userIdentity, user, 1);
      expect(await problemsOf('sso-ida')).toEqual([
        expect.objectContaining({ code: 'sso.only', detail: { links: 0 } }),
      ]);
      expect(await methodsOf('sso-ida')).toMatchObject({ loginType: 'password', singleSignOn: { subjects: [] } });
      await new SsoStore(t.database.db).link('veltmoor', 'ida', (await accounts.findByUserId('sso-ida'))!.id, 1);
      expect(await problemsOf('sso-ida')).toMatchObject([{ code: 'sso.only', detail: { links: 1 } }]);
      expect(await methodsOf('sso-ida')).toMatchObject({ singleSignOn: { subjects: ['ida'] } });
    });

    it("lists each user's ways in: the token and where it is held, passkeys, recovery codes, single sign-on", async () => {
      expect(await methodsOf('demopass')).toEqual({
        userId: 'demopass',
        loginType: 'password',
        token: null,
        passkeys: 0,
        recoveryCodesLeft: 0,
        singleSignOn: null,
      });
      expect(await methodsOf('demonewpin')).toMatchObject({ token: { heldBy: 'portal', newPin: true } });
      expect(
        (await desk.request('PUT', `${API}/users/demonewpin/token/at-server`, { headers: REASON })).statusCode,
      ).toBe(204);
      expect(await methodsOf('demonewpin')).toMatchObject({ token: { heldBy: 'server', newPin: null } });
    });
  });
}
