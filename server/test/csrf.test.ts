/** ARCHITECTURE §5 and spec §7/§9: the sec-token cookie, echoed in X-XSRF-TOKEN / X-CSRF-TOKEN, bound to the session. */
import { CSRF_COOKIE, Paths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/demo-users.js';
import {
  DIALECTS,
  SESSION_COOKIE,
  accountRow,
  expectErrorShape,
  loginInfo,
  setCookies,
  signInSequence,
  type TestApp,
  useFreshTestApp,
} from './harness.js';

const TOKEN = /^[A-Za-z0-9_-]{20}$/;

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useFreshTestApp(dialect, {}, (app) => (t = app));

    const rightPassword = (ldapId: string) => ({
      username: ldapId,
      'login-form-type': 'password',
      password: DEMO_PASSWORD,
    });

    it('issues a 20-character sec-token that the page script can read', async () => {
      const client = t.client();
      const response = await client.get(`${Paths.loginInfo}?username=demopass`);
      const cookie = setCookies(response).get(CSRF_COOKIE);
      expect(cookie?.value).toMatch(TOKEN);
      expect(cookie?.httpOnly ?? false).toBe(false);
      expect(cookie?.path).toBe('/');

      expect((await signInSequence(client, 'demopass')).statusCode).toBe(200);
      expect(client.csrfToken).toMatch(TOKEN);
    });

    it('refuses send-login without the anti-forgery header with 403 and signs no one in', async () => {
      const client = t.client();
      const { ldapId } = await loginInfo(client, 'demopass');

      const response = await client.post(Paths.sendLogin, { form: rightPassword(ldapId), csrf: false });

      expectErrorShape(response, 403, 'csrf');
      expect(setCookies(response).has(SESSION_COOKIE)).toBe(false);
      expect((await client.get(Paths.session)).statusCode).toBe(401);
      expect((await accountRow(t.database, 'demopass')).failed_attempts).toBe(0);
    });

    it('refuses a header that differs from the cookie, even a token the server issued to someone else', async () => {
      const client = t.client();
      const { ldapId } = await loginInfo(client, 'demopass');
      const someoneElse = t.client();
      await loginInfo(someoneElse, 'demopass');
      expect(someoneElse.csrfToken).not.toBe(client.csrfToken);

      const response = await client.post(Paths.sendLogin, {
        form: rightPassword(ldapId),
        headers: { 'x-xsrf-token': someoneElse.csrfToken },
      });

      expectErrorShape(response, 403, 'csrf');
      expect(setCookies(response).has(SESSION_COOKIE)).toBe(false);
    });

    it('accepts the token in X-CSRF-TOKEN as well', async () => {
      const client = t.client();
      const { ldapId } = await loginInfo(client, 'demopass');
      const response = await client.post(Paths.sendLogin, {
        form: rightPassword(ldapId),
        csrf: false,
        headers: { 'x-csrf-token': client.csrfToken },
      });
      expect(response.statusCode).toBe(200);
    });

    it('refuses a well-formed 20-character token that the server never issued', async () => {
      const client = t.client();
      const { ldapId } = await loginInfo(client, 'demopass');
      const forged = 'AbCdEfGhIjKlMnOpQrSt';
      expect(forged).toMatch(TOKEN);
      client.cookies.set(CSRF_COOKIE, forged);

      const response = await client.post(Paths.sendLogin, { form: rightPassword(ldapId) });

      expectErrorShape(response, 403, 'csrf');
      expect(setCookies(response).has(SESSION_COOKIE)).toBe(false);
      expect(setCookies(response).get(CSRF_COOKIE)?.value).toMatch(TOKEN);
      expect(setCookies(response).get(CSRF_COOKIE)?.value).not.toBe(forged);
    });

    it('stops accepting the token issued before sign-in and accepts the one the sign-in answer sets', async () => {
      const client = t.client();
      await loginInfo(client, 'demopass');
      const before = client.csrfToken!;
      expect((await signInSequence(client, 'demopass')).statusCode).toBe(200);
      const after = client.csrfToken!;
      expect(after).not.toBe(before);

      client.cookies.set(CSRF_COOKIE, before);
      expectErrorShape(await client.post(Paths.loginSignin, { json: 'demopass' }), 403, 'csrf');

      client.cookies.set(CSRF_COOKIE, after);
      const accepted = await client.post(Paths.loginSignin, { json: 'demopass' });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json()).toEqual({ b2BAlias: 'demopass' });
    });

    it("refuses a token taken from another user's session", async () => {
      const alice = t.client();
      expect((await signInSequence(alice, 'demopass')).statusCode).toBe(200);
      const bob = t.client();
      expect((await signInSequence(bob, 'demopass')).statusCode).toBe(200);

      bob.cookies.set(CSRF_COOKIE, alice.csrfToken!);
      expectErrorShape(await bob.post(Paths.loginSignin, { json: 'demopass' }), 403, 'csrf');
    });
  });
}
