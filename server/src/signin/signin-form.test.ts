/**
 * Issue 33: the sign-in form posted by a browser without the script. The page carries the anti-forgery field; the post
 * signs in with a 303 to where the script would go, or answers the screen again with the error the script would show.
 */
import { CSRF_COOKIE, FORM_TOKEN_FIELD, Paths, USER_ID_COOKIE, routePath } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo-users.js';
import {
  DIALECTS,
  SESSION_COOKIE,
  accountRow,
  signInSequence,
  type TestApp,
  type TestClient,
  useFreshTestApp,
} from '../../test/harness.js';

const PAGE = `${routePath('login-signin-component')}?cobrandHost=skerrymoor`;
const WRONG_PASSWORD = 'Not-The-Password-1';

/** The anti-forgery field the page ends with, as the browser reads it. */
const fieldToken = (html: string) =>
  new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]*)" form="portal-form"`).exec(html)?.[1];

/** Opens the sign-in page as a browser does, and posts its form with what the page wrote into it. */
async function postForm(client: TestClient, fields: Record<string, string>, token?: string) {
  const page = await client.get(PAGE, { browser: true });
  const form = { ...fields, [FORM_TOKEN_FIELD]: token ?? fieldToken(page.body) ?? '' };
  return client.post(PAGE, { form, browser: true, csrf: false });
}

/** The error summary's title and links, and the fields' values, as a reader of the page sees them. */
function screenOf(html: string) {
  const summary = /class="portal-error-summary"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    heading: /id="error-summary-title">([^<]*)</.exec(summary)?.[1],
    links: [...summary.matchAll(/href="(#[^"]+)">([^<]*)</g)].map(([, href, text]) => `${href} ${text}`),
    userId: /<input[^>]*id="userId"[^>]*>/.exec(html)?.[0].match(/value="([^"]*)"/)?.[1],
    password: /<input[^>]*id="password"[^>]*>/.exec(html)?.[0].match(/value="([^"]*)"/)?.[1],
  };
}

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useFreshTestApp(dialect, {}, (app) => (t = app));

    it('writes the sec-token the browser holds into the page, for the form; the same on the next page', async () => {
      const client = t.client();
      const first = await client.get(PAGE, { browser: true });
      expect(fieldToken(first.body)).toBe(client.csrfToken);
      expect(first.body).toMatch(/<form id="portal-form"[^>]* method="post"/);
      expect(first.body.trimEnd().endsWith('</body></html>')).toBe(true);
      const again = await client.get(PAGE, { browser: true });
      expect(fieldToken(again.body)).toBe(client.csrfToken);
      expect(fieldToken((await t.client().get(PAGE, { browser: true })).body)).not.toBe(client.csrfToken);
    });

    it('signs in with a 303 to where the script goes, opening the same session', async () => {
      const client = t.client();
      const response = await postForm(client, { userId: 'demopass', password: DEMO_PASSWORD });
      const scripted = await signInSequence(t.client(), 'demopass');
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(scripted.body);
      expect(client.sessionCookie).toBeDefined();
      expect((await accountRow(t.database, 'demopass')).failed_attempts).toBe(0);
    });

    it('remembers the user ID when asked, and the next page comes with it written in and the box ticked', async () => {
      const client = t.client();
      await postForm(client, { userId: 'demopass', password: DEMO_PASSWORD, rememberUserId: 'on' });
      expect(client.cookie(USER_ID_COOKIE)).toBe('demopass');
      const page = (await client.get(PAGE, { browser: true })).body;
      expect(screenOf(page).userId).toBe('demopass');
      expect(page).toMatch(/<input type="checkbox" id="rememberUserId"[^>]* checked=""/);
      await postForm(client, { userId: 'demopass', password: DEMO_PASSWORD });
      expect(client.cookie(USER_ID_COOKIE)).toBeUndefined();
    });

    it('answers a wrong password with the screen again: §8 invalid login, fields emptied, one try counted', async () => {
      const client = t.client();
      const response = await postForm(client, { userId: 'demopass', password: WRONG_PASSWORD });
      expect(response.statusCode).toBe(401);
      expect(response.headers['cache-control']).toBe('no-store');
      const screen = screenOf(response.body);
      expect(screen.heading).toBe('Invalid Login');
      expect(screen.links).toEqual(['#userId Please verify your information and try again.']);
      expect(screen.title).toMatch(/^Error: /);
      expect([screen.userId ?? '', screen.password ?? '']).toEqual(['', '']);
      expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
      expect((await accountRow(t.database, 'demopass')).failed_attempts).toBe(1);
      // The page answered carries the token for the next try, which is then accepted.
      expect(fieldToken(response.body)).toBe(client.csrfToken);
    });

    it('answers an unknown user ID exactly as a wrong password', async () => {
      const strip = (html: string) => html.replace(fieldToken(html) ?? '', '');
      const unknown = await postForm(t.client(), { userId: 'nobody-here', password: WRONG_PASSWORD });
      const wrong = await postForm(t.client(), { userId: 'demopass', password: WRONG_PASSWORD });
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(strip(unknown.body)).toBe(strip(wrong.body));
    });

    it('answers empty fields with their errors, the user ID kept, nothing tried', async () => {
      const response = await postForm(t.client(), { userId: ' demopass ', password: '' });
      expect(response.statusCode).toBe(400);
      const screen = screenOf(response.body);
      expect(screen.links).toEqual(['#password Password is required.']);
      expect(screen.userId).toBe(' demopass ');
      expect((await accountRow(t.database, 'demopass')).failed_attempts).toBe(0);
      const both = screenOf((await postForm(t.client(), {})).body);
      expect(both.links).toEqual(['#userId User ID is required.', '#password Password is required.']);
    });

    it("takes the token from a form's field only at a screen's address: send-login still wants the header", async () => {
      const client = t.client();
      await client.get(PAGE, { browser: true });
      const form = { username: 'demopass', 'login-form-type': 'password', password: WRONG_PASSWORD };
      const response = await client.post(Paths.sendLogin, {
        form: { ...form, [FORM_TOKEN_FIELD]: client.csrfToken! },
        csrf: false,
      });
      expect(response.statusCode).toBe(403);
      expect((await accountRow(t.database, 'demopass')).failed_attempts).toBe(0);
    });

    it.each([
      ['without the field', ''],
      ['with a token other than its cookie', 'AAAAAAAAAAAAAAAAAAAA'],
    ])(
      'refuses a post %s with 403 and the screen again saying the page expired, trying nothing',
      async (_case, token) => {
        const client = t.client();
        const response = await postForm(client, { userId: 'demopass', password: WRONG_PASSWORD }, token);
        expect(response.statusCode).toBe(403);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(screenOf(response.body).links).toEqual([
          '#userId This page has expired. Please reload it and try again.',
        ]);
        expect((await accountRow(t.database, 'demopass')).failed_attempts).toBe(0);
        expect(client.cookie(CSRF_COOKIE)).toBeDefined();
        // The page carries the token the browser now holds: the form sent again is taken.
        expect(fieldToken(response.body)).toBe(client.csrfToken);
        const again = await client.post(PAGE, {
          form: { userId: 'demopass', password: DEMO_PASSWORD, [FORM_TOKEN_FIELD]: fieldToken(response.body)! },
          browser: true,
          csrf: false,
        });
        expect(again.statusCode).toBe(303);
      },
    );

    it("answers a post whose session ended meanwhile (its token now stale) with the page in the user's language", async () => {
      const client = t.client();
      const page = await client.get(PAGE, { browser: true });
      // The token is bound to the session the browser held; that session is gone by the time the form is sent.
      await postForm(client, { userId: 'demopass', password: DEMO_PASSWORD });
      client.cookies.set(SESSION_COOKIE, 'ended-session-0123456789abcdef');
      client.cookies.set('user_locale', 'fr_CA');
      const stale = await client.post(PAGE, {
        form: { userId: 'demopass', password: DEMO_PASSWORD, [FORM_TOKEN_FIELD]: fieldToken(page.body)! },
        browser: true,
        csrf: false,
      });
      expect(stale.statusCode).toBe(403);
      expect(screenOf(stale.body).links[0]).toMatch(/^#userId .*expir/i);
      expect(stale.body).toContain('lang="fr');
    });
  });
}

describe('the form posted past the throttle', () => {
  let t: TestApp;
  useFreshTestApp('sqlite', { config: { rateLimitPerMinute: 1 } }, (app) => (t = app));

  it('answers the screen again with 429, saying so in the user language, and tries nothing', async () => {
    const client = t.client({ remoteAddress: '198.51.100.31' });
    expect((await postForm(client, { userId: 'demopass', password: WRONG_PASSWORD })).statusCode).toBe(401);
    client.cookies.set('user_locale', 'es');
    const held = await postForm(client, { userId: 'demopass', password: WRONG_PASSWORD });
    expect(held.statusCode).toBe(429);
    expect(held.headers['content-type']).toMatch(/^text\/html/);
    expect(screenOf(held.body).links).toEqual(['#userId Demasiados intentos. Espere un minuto e intente nuevamente.']);
    expect(held.body).toContain('lang="es"');
    expect((await accountRow(t.database, 'demopass')).failed_attempts).toBe(1);
  });
});
