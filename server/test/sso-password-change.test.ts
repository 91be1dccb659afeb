/**
 * A user whose bank's identity provider signs them in has no portal password: the signed-in page and the security
 * page offer no "Change password", and the change call is refused with `password.change.not.offered` (audited, the
 * stored password as it was), even with that stored password right. Signing in again for a change to how they sign
 * in, the provider is asked for a fresh login, and the user comes back to the security page's section.
 */
import { ErrorCodes, FORM_TOKEN_FIELD, Paths, routePath, type SessionView } from '@portal/contract';
import { SIGN_IN_RETURN_COOKIE } from '@portal/contract/security';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore, createAccount } from '../src/account/index.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { SsoStore } from '../src/sso/index.js';
import { DEMO_PASSWORD } from '../src/demo-users.js';
import {
  accountRow,
  createTestApp,
  DIALECTS,
  expectErrorShape,
  signInSequence,
  TEST_PORTAL_SECRET,
  type TestApp,
  type TestClient,
} from './harness.js';
import { PUBLIC_ORIGIN, ProviderBrowser, startProviders, type Providers } from './sso-support.js';

const STORED_PASSWORD = 'Unused-Password-2026';
const SECURITY = `${routePath('security-component')}?cobrandHost=veltmoor`;
let providers: Providers;

beforeAll(async () => {
  providers = await startProviders(['ana']);
});
afterAll(async () => {
  await providers?.close();
});

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, { env: providers.env, beforeStart: providers.beforeStart });
      const accounts = new AccountStore(t.database.db);
      const user = { userId: 'sso-ana', email: 'ana@example.com', cobrand: 'veltmoor', password: STORED_PASSWORD };
      await createAccount(accounts, deriveKeys(TEST_PORTAL_SECRET).userIdentity, user, 1);
      await new SsoStore(t.database.db).link('veltmoor', 'ana', (await accounts.findByUserId('sso-ana'))!.id, 1);
    });
    afterAll(async () => {
      await t?.close();
    });

    /** A sign-on at the provider from a browser holding `cookies`: the provider's address, and where it ends. */
    async function signOn(cookies: Record<string, string> = {}) {
      const client = t.client();
      for (const [name, value] of Object.entries(cookies)) client.cookies.set(name, value);
      const started = await client.get(Paths.ssoStart('veltmoor'), { browser: true });
      const provider = started.headers.location as string;
      const back = await new ProviderBrowser().signIn(provider, 'ana');
      const answer = await client.get(back.url.slice(PUBLIC_ORIGIN.length), { browser: true });
      expect(answer.statusCode).toBe(303);
      return { client, provider: new URL(provider), location: answer.headers.location as string };
    }
    const offersChange = async (client: TestClient) => {
      const page = await client.get(SECURITY, { browser: true });
      expect(page.statusCode).toBe(200);
      return page.body.includes(routePath('change-password-component'));
    };

    it('offers a federated user no password change and refuses the call, changing nothing', async () => {
      const { client } = await signOn();
      expect(client.cookies.get(SIGN_IN_RETURN_COOKIE)).toBeUndefined();
      expect((await client.get(Paths.session)).json<SessionView>().passwordChange).toBe(false);
      expect(await offersChange(client)).toBe(false);
      const before = (await accountRow(t.database, 'sso-ana'))!;
      const body = { userId: 'sso-ana', oldCredential: STORED_PASSWORD, newCredential: 'Another-Pass-2027' };
      const refused = await client.post(Paths.changePassword, { json: body });
      expectErrorShape(refused, 403, ErrorCodes.passwordChangeNotOffered);
      const after = (await accountRow(t.database, 'sso-ana'))!;
      expect(after.password_hash).toBe(before.password_hash);
      expect(after.failed_attempts).toBe(before.failed_attempts);
      const audit = await t.database.db
        .selectFrom('audit_event')
        .select(['kind', 'detail'])
        .where('account_id', '=', after.id)
        .where('kind', 'like', 'password.%')
        .execute();
      expect(audit).toEqual([
        { kind: 'password.change.failure', detail: JSON.stringify({ reason: 'signs in at the identity provider' }) },
      ]);
      expect(await t.database.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);

      // The screen's form posted without the script: back to the profile, as a cancel goes, the password as it was.
      const screen = `${routePath('change-password-component')}?cobrandHost=veltmoor&dest=MyProfile`;
      const page = await client.get(screen, { browser: true });
      const token = new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]*)"`).exec(page.body)?.[1] ?? '';
      const form = {
        old: STORED_PASSWORD,
        new1: 'Another-Pass-2027',
        new2: 'Another-Pass-2027',
        [FORM_TOKEN_FIELD]: token,
      };
      const posted = await client.post(screen, { form, browser: true, csrf: false });
      expect(posted.statusCode).toBe(303);
      expect(posted.headers.location).toBe(SECURITY);
      expect((await accountRow(t.database, 'sso-ana'))!.password_hash).toBe(before.password_hash);
    });

    it('still offers a password user the change, on both pages', async () => {
      const client = t.client();
      expect((await signInSequence(client, 'demopass', DEMO_PASSWORD)).statusCode).toBe(200);
      expect((await client.get(Paths.session)).json<SessionView>().passwordChange).toBe(true);
      const page = await client.get(`${routePath('security-component')}?cobrandHost=skerrymoor`, { browser: true });
      expect(page.body).toContain(routePath('change-password-component'));
    });

    it('asks the provider for a fresh login when the user signs in again for a change, and comes back to the section', async () => {
      const { provider, location } = await signOn({ [SIGN_IN_RETURN_COOKIE]: 'devices' });
      expect(provider.searchParams.get('prompt')).toBe('login');
      expect(location).toBe(`${SECURITY}#security-devices`);
    });
  });
}
