/**
 * One fold for a typed user ID (the account capability's `userIdKey`): in another case, in full-width letters, with an
 * invisible character or spaces around it, a user ID names the same account, or the same unknown one, on every path
 * of the sign-in: login info, the sign-in record, send-login after it, and the form posted without the script.
 */
import { FORM_TOKEN_FIELD, Paths, routePath } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo-users.js';
import {
  DIALECTS,
  accountRow,
  loginInfo,
  signInSequence,
  type TestApp,
  type TestClient,
  useFreshTestApp,
} from '../../test/harness.js';

const PAGE = `${routePath('login-signin-component')}?cobrandHost=skerrymoor`;
const HOME = '/sdportal/platform/home?cobrandHost=skerrymoor';
const WRONG_PASSWORD = 'Not-The-Password-1';
/** `demopass` as a user may type it. */
const TYPED = ['DemoPass', 'ＤＥＭＯＰＡＳＳ', 'demo\u200bpass', ' \u2060demopass\u00ad '];

/** The sign-in page's form, posted as a browser without the script posts it. */
async function postForm(client: TestClient, userId: string, password: string) {
  const page = await client.get(PAGE, { browser: true });
  const token = new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]*)"`).exec(page.body)?.[1] ?? '';
  return client.post(PAGE, { form: { userId, password, [FORM_TOKEN_FIELD]: token }, browser: true, csrf: false });
}

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useFreshTestApp(dialect, {}, (app) => (t = app));

    it.each(TYPED)('finds demopass for %j on login info and the sign-in record', async (typed) => {
      const plain = await loginInfo(t.client(), 'demopass');
      const info = await loginInfo(t.client(), typed);
      expect({ ldapId: info.ldapId, loginType: info.loginType }).toEqual({
        ldapId: plain.ldapId,
        loginType: 'password',
      });
      // The alias echoes what was typed, without the spaces around it.
      expect(info.b2BAlias).toBe(typed.trim());
      const client = t.client();
      await client.openPage();
      const record = await client.post(Paths.loginSignin, { json: { userId: typed } });
      expect(record.json()).toEqual({ b2BAlias: typed.trim() });
    });

    it.each(TYPED)('signs demopass in for %j by send-login and by the form without the script', async (typed) => {
      expect((await signInSequence(t.client(), typed)).body).toBe(HOME);
      const form = await postForm(t.client(), typed, DEMO_PASSWORD);
      expect(form.statusCode).toBe(303);
      expect(form.headers.location).toBe(HOME);
    });

    it("counts a wrong password typed under any form of the ID on demopass's six tries", async () => {
      for (const typed of TYPED) expect((await signInSequence(t.client(), typed, WRONG_PASSWORD)).statusCode).toBe(401);
      expect((await postForm(t.client(), TYPED[1]!, WRONG_PASSWORD)).statusCode).toBe(401);
      expect((await accountRow(t.database, 'demopass'))!.failed_attempts).toBe(TYPED.length + 1);
    });

    it('answers an unknown user ID typed in any of these forms as its plain form', async () => {
      const plain = await loginInfo(t.client(), 'nobody.here');
      for (const typed of ['Nobody.Here', 'ｎｏｂｏｄｙ．ｈｅｒｅ', 'nobody.here\u200b', ' nobody\u00ad.here ']) {
        const info = await loginInfo(t.client(), typed);
        expect({ ldapId: info.ldapId, loginType: info.loginType }, JSON.stringify(typed)).toEqual({
          ldapId: plain.ldapId,
          loginType: 'password',
        });
        expect((await signInSequence(t.client(), typed)).statusCode).toBe(401);
      }
    });

    it('finds a token user for its ID in another case or width, with its own form', async () => {
      for (const typed of ['DemoToken', 'ｄｅｍｏｔｏｋｅｎ\u200b'])
        expect((await loginInfo(t.client(), typed)).loginType, typed).toBe('token');
    });
  });
}
