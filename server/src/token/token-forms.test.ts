/**
 * Issue 33: the new-PIN and next-token screens without the script. Their pages carry the token user, so the form is
 * there at once; the new-PIN post signs in with the next passcode and sets the PIN in one, the next-token post sends
 * the next tokencode with the page's attempt; each answers as the script ends, or with the screen's errors.
 */
import { FORM_TOKEN_FIELD, PAGE_DATA_ID, Paths, routePath } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { deriveKeys } from '../security/portal-secret.js';
import { openSealed } from '../security/sealed-box.js';
import { TokenStore } from './token-store.js';
import { codeAt, stepAt } from './tokencode.js';
import {
  DIALECTS,
  SESSION_COOKIE,
  TEST_PORTAL_SECRET,
  accountRow,
  signInSequence,
  type TestApp,
  type TestClient,
  useMailTestApp,
} from '../../test/harness.js';

const keys = deriveKeys(TEST_PORTAL_SECRET);
const NEW_PIN = `${routePath('new-rsa-pin-component')}?cobrandHost=skerrymoor`;
const LOGOUT = `${Paths.logout}?cobrandHost=skerrymoor`;

const fieldToken = (html: string) => new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]*)"`).exec(html)?.[1] ?? '';
const summaryLinks = (html: string) =>
  [...html.matchAll(/error-summary__link" href="(#[^"]+)">([^<]*)</g)].map((m) => `${m[1]} ${m[2]}`);
const pageData = (html: string) =>
  JSON.parse(new RegExp(`id="${PAGE_DATA_ID}"[^>]*>([^<]*)<`).exec(html)![1]!) as Record<string, unknown>;

/** Opens the page as a browser does (or `opened`), and posts its form with the anti-forgery field the page carries. */
async function postForm(client: TestClient, url: string, fields: Record<string, string>, opened = url) {
  const page = await client.get(opened, { browser: true });
  return client.post(url, {
    form: { ...fields, [FORM_TOKEN_FIELD]: fieldToken(page.body) },
    browser: true,
    csrf: false,
  });
}

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useMailTestApp(dialect, (app) => (t = app));

    /** The code the user's token shows `offset` steps from the test clock. */
    async function code(userId: string, offset = 0): Promise<string> {
      const account = (await accountRow(t.database, userId))!;
      const token = (await new TokenStore(t.database.db).find(account.id))!;
      return codeAt(openSealed(keys.seal, token.seed_sealed), stepAt(t.clock.now()) + offset);
    }

    it('draws the new-PIN form at once for its user, and sends a visitor out of turn to the logout address', async () => {
      const client = t.client();
      await signInSequence(client, 'demonewpin', await code('demonewpin'));
      const page = await client.get(NEW_PIN, { browser: true });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toMatch(/<form id="portal-form"[^>]* method="post"/);
      expect(page.body).toMatch(/<input[^>]*id="passcode"/);
      expect(pageData(page.body).tokenUser).toMatchObject({ shouldAccess: true, b2BAlias: 'demonewpin' });
      const stranger = await t.client().get(NEW_PIN, { browser: true });
      expect(stranger.statusCode).toBe(303);
      expect(stranger.headers.location).toBe(LOGOUT);
    });

    it('sets the PIN in one post (the passcode sign-in, then the PIN), logs out, and the PIN then signs in', async () => {
      const client = t.client();
      await signInSequence(client, 'demonewpin', await code('demonewpin'));
      const saved = await postForm(client, NEW_PIN, {
        ...{ pin: '1357', confirm: '1357' },
        passcode: await code('demonewpin', 1),
      });
      expect(saved.statusCode).toBe(303);
      expect(saved.headers.location).toBe(LOGOUT);
      expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
      t.clock.advance(120_000);
      const signedIn = await signInSequence(t.client(), 'demonewpin', `1357${await code('demonewpin')}`);
      expect(signedIn.body).toBe('/sdportal/platform/home?cobrandHost=skerrymoor');
    });

    it("answers the screen's own errors with nothing tried, and a wrong passcode as the script words it", async () => {
      const client = t.client();
      await signInSequence(client, 'demonewpin', await code('demonewpin'));
      const checked = await postForm(client, NEW_PIN, { pin: '0123', confirm: '0124', passcode: '123' });
      expect(checked.statusCode).toBe(400);
      expect(summaryLinks(checked.body)).toEqual([
        '#pin New PIN: The PIN must not start with 0.',
        '#confirm Confirm new PIN: The PIN and its confirmation do not match.',
        '#passcode Next passcode: The passcode must be 8 digits.',
      ]);
      expect((await accountRow(t.database, 'demonewpin'))!.failed_attempts).toBe(0);
      const wrong = await postForm(client, NEW_PIN, { pin: '1357', confirm: '1357', passcode: '00000000' });
      expect(wrong.statusCode).toBe(401);
      expect(summaryLinks(wrong.body)).toEqual(['#passcode Next passcode: Invalid Passcode']);
      expect((await accountRow(t.database, 'demonewpin'))!.failed_attempts).toBe(1);
    });

    it('takes the next tokencode from the form: the same code again shows the ec error, the next one signs in', async () => {
      await signInSequence(t.client(), 'demotoken', '246800000000');
      const client = t.client();
      const current = await code('demotoken');
      const doubted = (await signInSequence(client, 'demotoken', `2468${current}`)).body;
      const page = await client.get(doubted, { browser: true });
      expect(page.body).toMatch(/<input[^>]*id="passcode"/);
      expect(pageData(page.body).tokenUser).toMatchObject({ shouldAccess: true, b2BAlias: 'demotoken' });

      const short = await postForm(client, doubted, { passcode: '1234' });
      expect(short.statusCode).toBe(400);
      expect(summaryLinks(short.body)).toEqual(['#passcode Next passcode: Invalid passcode']);
      const same = await postForm(client, doubted, { passcode: current });
      expect(same.statusCode).toBe(303);
      const again = same.headers.location as string;
      expect(again).toMatch(/^\/public-portal-ui\/next-token-component\?ec=14008&authn_attempt_id=/);
      expect(summaryLinks((await client.get(again, { browser: true })).body)).toEqual([
        '#passcode Next passcode: Invalid passcode',
      ]);
      t.clock.advance(60_000);
      const next = await postForm(client, again, { passcode: await code('demotoken') });
      expect(next.statusCode).toBe(303);
      expect(next.headers.location).toBe('/sdportal/platform/home?cobrandHost=skerrymoor');
      expect((await client.get(Paths.session)).json().userId).toBe('demotoken');
    });

    it('sends a next-token post out of turn to the logout address, trying nothing', async () => {
      const url = `${routePath('next-token-component')}?authn_attempt_id=x&in_response_to=y&cobrandHost=skerrymoor`;
      const signInPage = `${routePath('login-signin-component')}?cobrandHost=skerrymoor`;
      const response = await postForm(t.client(), url, { passcode: '12345678' }, signInPage);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(LOGOUT);
    });
  });
}
