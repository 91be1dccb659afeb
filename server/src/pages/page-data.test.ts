/**
 * Pages come settled (issue "First visit"): the language chosen by §4 on the service, its cookie set on the same
 * answer, and the cobrand's record, languages, texts, logo and stylesheet written into the page, so the page makes
 * no call before it shows and never reloads to set the language.
 */
import { readFileSync } from 'node:fs';
import { LOCALE_COOKIE, PAGE_DATA_ID, routePath, type PageData } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, setCookies, type TestApp } from '../../test/harness.js';
import { pageHtml } from './page-html.js';

const SIGN_IN = routePath('login-signin-component');
const english = (bundle: string) =>
  Object.keys(JSON.parse(readFileSync(new URL(`../../../data/i18n/en_US/${bundle}.json`, import.meta.url), 'utf8')));
const ENGLISH_KEYS = [...english('Messages'), ...english('PortalLabels')].sort();

function pageData(html: string): PageData {
  const match = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`).exec(html);
  if (!match) throw new Error('the page carries no data');
  return JSON.parse(match[1]!) as PageData;
}

describe('a page answered for its cobrand and language', () => {
  let portal: TestApp;
  beforeAll(async () => void (portal = await createTestApp('sqlite')));
  afterAll(async () => portal.close());

  const open = (query: string, headers: Record<string, string> = {}) =>
    portal.client().get(`${SIGN_IN}${query}`, { browser: true, headers });

  it("writes the title of §2 in the page's language, there before any script runs", async () => {
    const signIn = await open('?cobrandHost=larchmere&locale=en_GB');
    expect(signIn.body).toContain('<title>Welcome to Larchmere Credit Union Spend Manager</title>');
    const french = await portal
      .client()
      .get(`${routePath('forgot-password-component')}?cobrandHost=skerrymoor&locale=fr_CA`, {
        browser: true,
      });
    expect(french.body).toMatch(/<title>Mot de passe oublié<\/title>/);
    // A page in a state of its own is not rendered on the service, and still has its title.
    const stateful = await open('?cobrandHost=skerrymoor&invalidLogin=true');
    expect(stateful.body).toContain('<title>Sign in to Skerrymoor Bank Commercial Card</title>');
  });

  it("settles the language from the browser's languages, sets its cookie and writes the cobrand in", async () => {
    const response = await open('?cobrandHost=skerrymoor', { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^<!doctype html>\s*<html lang="fr-CA">/);
    const cookie = setCookies(response).get(LOCALE_COOKIE);
    expect(cookie).toMatchObject({ value: 'fr_CA', path: '/', maxAge: 90 * 24 * 60 * 60, sameSite: 'Lax' });
    expect(response.headers.vary).toContain('accept-language');
    const data = pageData(response.body);
    expect(data).toMatchObject({ requested: 'skerrymoor', locale: 'fr_CA', logoSize: { width: 480, height: 80 } });
    expect(data.logoUrl).toMatch(/^\/sdportal\/cobrands\/skerrymoor\/logo\.jpg\?v=[\w-]{16}$/);
    expect(data.themeUrl).toMatch(/^\/sdportal\/cobrands\/skerrymoor\/theme\.css\?v=[\w-]{16}$/);
    expect(Object.keys(data.locales)).toEqual(['en_US', 'es', 'fr_CA', 'zh_CN']);
    expect(data.cobrand.name).toBe('skerrymoor');
    expect(data.dictionary['signin.userId']).toBeTruthy();
    expect(data.dictionary['signin.userId']).not.toBe('User ID');
    // A text with a placeholder comes parsed: the page's scripts carry no ICU parser.
    expect(data.dictionary['signin.heading']).toEqual([
      { type: 0, value: 'Ouverture de session\u00a0: ' },
      { type: 1, value: '1' },
    ]);
    // The stylesheet is a link in the head, after the page's own, so nothing waits on a lookup.
    expect(response.body).toContain(
      `<link rel="stylesheet" class="portal-cobrand-stylesheet" href="${data.themeUrl}" /></head>`,
    );
  });

  it('answers the logo and theme a page names as kept for good, any other version or none for an hour', async () => {
    const { logoUrl, themeUrl } = pageData((await open('?cobrandHost=skerrymoor')).body);
    for (const url of [logoUrl!, themeUrl!]) {
      const named = await portal.client().get(url);
      expect(named.statusCode).toBe(200);
      expect(named.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const older = await portal.client().get(url.replace(/\?v=.*/, '?v=AAAAAAAAAAAAAAAA'));
      expect(older.headers['cache-control']).toBe('public, max-age=3600');
      const plain = await portal.client().get(url.replace(/\?v=.*/, ''));
      expect(plain.headers['cache-control']).toBe('public, max-age=3600');
    }
  });

  it('answers in the language of the cookie without setting it again, and the parameter over both', async () => {
    const byCookie = await open('?cobrandHost=skerrymoor', { cookie: `${LOCALE_COOKIE}=es`, 'accept-language': 'fr' });
    expect(pageData(byCookie.body).locale).toBe('es');
    expect(setCookies(byCookie).has(LOCALE_COOKIE)).toBe(false);
    const byParam = await open('?cobrandHost=skerrymoor&locale=zh-CN', { cookie: `${LOCALE_COOKIE}=es` });
    expect(pageData(byParam.body).locale).toBe('zh_CN');
    expect(setCookies(byParam).get(LOCALE_COOKIE)?.value).toBe('zh_CN');
  });

  it('takes a language the cobrand does not offer to its first, and carries its texts whole', async () => {
    const response = await open('?cobrandHost=skerrymoor', { 'accept-language': 'de-DE' });
    const data = pageData(response.body);
    expect(data.locale).toBe('en_US');
    // The page's scripts carry no texts: every English one is in the page, its placeholders parsed.
    expect(Object.keys(data.dictionary).sort()).toEqual(ENGLISH_KEYS);
    expect(data.dictionary['signin.userId']).toBe('User ID');
    expect(data.dictionary['login.maxAttempts']).toEqual([
      { type: 0, value: 'Maximum attempts permitted before locked: ' },
      { type: 1, value: '0' },
    ]);
    expect(setCookies(response).get(LOCALE_COOKIE)?.value).toBe('en_US');
  });

  it("carries another language's texts over English's, so a text it lacks shows in English", async () => {
    const data = pageData((await open('?cobrandHost=skerrymoor&locale=fr_CA')).body);
    expect(data.locale).toBe('fr_CA');
    expect(Object.keys(data.dictionary).sort()).toEqual(ENGLISH_KEYS);
    expect(data.dictionary['signin.userId']).not.toBe('User ID');
  });

  it('finds a cobrand by its abbreviation, and the default brand without one, as the page does', async () => {
    const byAbbreviation = pageData((await open('?cobrandHost=SKM')).body);
    expect(byAbbreviation).toMatchObject({ requested: 'SKM', cobrand: { name: 'skerrymoor' } });
    const none = pageData((await open('')).body);
    expect(none).toMatchObject({ requested: 'default', cobrand: { name: 'default' } });
  });

  it('sends the page as built for a name the catalogue does not spell so, and its script asks §7', async () => {
    for (const name of ['nosuchbank', 'SkerryMoor', 'skm']) {
      const response = await open(`?cobrandHost=${name}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(PAGE_DATA_ID);
      expect(response.body).toContain('<div id="root" class="portal-root"></div>');
    }
  });

  it('renders the screen into the page, in its language; one whose address carries a state, for that answer only', async () => {
    const response = await open('?cobrandHost=skerrymoor&locale=fr_CA');
    const root =
      /<div id="root" class="portal-root">(.*)<\/div>\s*<input type="hidden"/s.exec(response.body)?.[1] ?? '';
    expect(root).toContain('<input');
    expect(root).toContain('id="userId"');
    expect(root).toContain(pageData(response.body).dictionary['signin.userId']);
    const withError = await open('?cobrandHost=skerrymoor&locale=fr_CA&invalidLogin=true');
    expect(pageData(withError.body).locale).toBe('fr_CA');
    expect(withError.body).toContain('portal-error-summary');
    expect(withError.headers['cache-control']).toBe('no-store');
  });

  it('writes the data into every page, the not-found page too', async () => {
    for (const route of ['logout-component', 'forgot-password-component', 'change-password-component'] as const) {
      const response = await portal
        .client()
        .get(`${routePath(route)}?cobrandHost=skerrymoor&confirm=1`, { browser: true });
      expect(pageData(response.body).cobrand.name).toBe('skerrymoor');
    }
    const missing = await portal
      .client()
      .get('/public-portal-ui/no-such-page?cobrandHost=skerrymoor', { browser: true });
    expect(missing.statusCode).toBe(404);
    expect(pageData(missing.body).cobrand.name).toBe('skerrymoor');
    // Its way back keeps the cobrand, as the links of §7 do, so the sign-in page comes rendered in its colours.
    expect(missing.body).toContain(`href="${SIGN_IN}?cobrandHost=skerrymoor"`);
  });
});

describe('pageHtml', () => {
  it('keeps a text of the catalogue from ending the data block or the stylesheet link', () => {
    const template = '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>';
    const html = pageHtml(template, {
      requested: 'x',
      cobrand: { name: 'x', appName: '</script><script>alert(1)</script>' } as PageData['cobrand'],
      locales: { en_US: 'English' },
      locale: 'en_US',
      dictionary: {},
      logoUrl: null,
      logoSize: null,
      themeUrl: '/a"><script>alert(1)</script>',
    });
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(pageData(html).cobrand.appName).toBe('</script><script>alert(1)</script>');
  });
});
