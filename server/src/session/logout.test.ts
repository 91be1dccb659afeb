/** §2 logout screen and §7 logout calls: the logout address, the labels, the external logout URL, the return link. */
import { Paths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  DIALECTS,
  SESSION_COOKIE,
  expectErrorShape,
  isCleared,
  setCookies,
  signInSequence,
  type TestApp,
  useFreshTestApp,
} from '../../test/harness.js';

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useFreshTestApp(dialect, {}, (app) => (t = app));

    it('ends the session on an XHR logout with 204, a cleared cookie and Clear-Site-Data', async () => {
      const client = t.client();
      expect((await signInSequence(client, 'demopass')).statusCode).toBe(200);
      const oldCookie = client.sessionCookie!;

      const response = await client.get(Paths.logout);

      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(isCleared(setCookies(response).get(SESSION_COOKIE))).toBe(true);
      expect(response.headers['clear-site-data']).toBeTruthy();
      expect(client.sessionCookie).toBeUndefined();
      expectErrorShape(await client.get(Paths.session), 401, 'unauthenticated');

      const replay = t.client();
      replay.cookies.set(SESSION_COOKIE, oldCookie);
      expect((await replay.get(Paths.session)).statusCode).toBe(401);
    });

    it("sends a browser to the logout screen of the session's cobrand with 303", async () => {
      const client = t.client();
      expect((await signInSequence(client, 'demopass')).statusCode).toBe(200);

      const response = await client.get(Paths.logout, { browser: true, headers: { 'sec-fetch-site': 'same-origin' } });

      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/public-portal-ui/logout-component?cobrandHost=skerrymoor');
      expect(isCleared(setCookies(response).get(SESSION_COOKIE))).toBe(true);
      expect((await client.get(Paths.session)).statusCode).toBe(401);
    });

    it.each([
      ['a link on another site', { 'sec-fetch-site': 'cross-site' }],
      ['a sibling subdomain', { 'sec-fetch-site': 'same-site' }],
      ['a browser that sends no Fetch Metadata and no XHR header', {}],
      [
        'a cross-site request that claims to be XHR',
        { 'sec-fetch-site': 'cross-site', 'x-requested-with': 'XMLHttpRequest' },
      ],
    ])('ends nothing on a logout from %s, and sends it to the logout screen to ask', async (_name, headers) => {
      const client = t.client();
      expect((await signInSequence(client, 'demopass')).statusCode).toBe(200);

      const response = await client.get(`${Paths.logout}?cobrandHost=skerrymoor`, { browser: true, headers });

      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/public-portal-ui/logout-component?cobrandHost=skerrymoor&confirm=1');
      expect(setCookies(response).has(SESSION_COOKIE)).toBe(false);
      expect((await client.get(Paths.session)).statusCode).toBe(200);
    });

    it("ends the session on the user's own navigation to the logout address (typed or bookmarked)", async () => {
      const client = t.client();
      expect((await signInSequence(client, 'demopass')).statusCode).toBe(200);
      const response = await client.get(Paths.logout, { browser: true, headers: { 'sec-fetch-site': 'none' } });
      expect(response.headers.location).toBe('/public-portal-ui/logout-component?cobrandHost=skerrymoor');
      expect((await client.get(Paths.session)).statusCode).toBe(401);
    });

    it('makes the logout screen ask first when another site opens it, and only then', async () => {
      const page = '/public-portal-ui/logout-component?cobrandHost=skerrymoor';
      const crossSite = await t.client().get(page, { browser: true, headers: { 'sec-fetch-site': 'cross-site' } });
      expect(crossSite.statusCode).toBe(303);
      expect(crossSite.headers.location).toBe(`${page}&confirm=1`);
      const asked = await t
        .client()
        .get(`${page}&confirm=1`, { browser: true, headers: { 'sec-fetch-site': 'cross-site' } });
      expect(asked.statusCode).toBe(200);
      expect(asked.headers['content-type']).toMatch(/^text\/html/);
      for (const site of ['same-origin', 'none']) {
        expect((await t.client().get(page, { browser: true, headers: { 'sec-fetch-site': site } })).statusCode).toBe(
          200,
        );
      }
    });

    it('sends a browser without a session to the logout screen of the cobrand it names', async () => {
      const response = await t
        .client()
        .get(`${Paths.logout}?cobrandHost=larchmere`, { browser: true, headers: { 'sec-fetch-site': 'same-origin' } });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/public-portal-ui/logout-component?cobrandHost=larchmere');
    });

    it('ends only the session of the client that logs out', async () => {
      const first = t.client();
      const second = t.client();
      expect((await signInSequence(first, 'demopass')).statusCode).toBe(200);
      expect((await signInSequence(second, 'demopass')).statusCode).toBe(200);

      expect((await first.get(Paths.logout)).statusCode).toBe(204);

      expect((await first.get(Paths.session)).statusCode).toBe(401);
      expect((await second.get(Paths.session)).statusCode).toBe(200);
    });

    it('answers the logout labels in English with the cobrand and its return link', async () => {
      const response = await t.client().get(`${Paths.logoutLabels}?cobrandHost=skerrymoor`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        'ng.you.have.been.logged.out': 'You have been logged out.',
        'ng.return.to.login.screen': 'Return to login screen',
        cobrandHostInfo: 'skerrymoor',
        fssoLogoutUrl: null,
        returnUrl: '/sdportal/login.view?cobrandHost=skerrymoor',
        ssoLogin: false,
      });
    });

    it.each([
      ['no cobrand', ''],
      ['an unknown cobrand', '?cobrandHost=no-such-bank'],
    ])('answers the logout labels of the default brand for %s', async (_case, query) => {
      const response = await t.client().get(`${Paths.logoutLabels}${query}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        cobrandHostInfo: 'default',
        returnUrl: '/sdportal/login.view?cobrandHost=default',
      });
    });

    it('says when the signed-out user came through single sign-on', async () => {
      const client = t.client();
      client.cookies.set('sso_user', '1');
      const response = await client.get(`${Paths.logoutLabels}?cobrandHost=skerrymoor`);
      expect(response.json()).toMatchObject({ ssoLogin: true });
    });

    it('answers the external logout URL as text', async () => {
      const response = await t.client().get(Paths.externalLogoutUrl);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toBe('/sdportal/logout');
    });

    it('sends the logout return link to the sign-in page of its cobrand', async () => {
      const response = await t.client().get(`${Paths.logoutReturn}?cobrandHost=larchmere`, { browser: true });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/public-portal-ui/login-signin-component?cobrandHost=larchmere');
    });

    it('refuses a cobrandHost with characters no cobrand name has', async () => {
      expectErrorShape(
        await t
          .client()
          .get(`${Paths.logoutReturn}?cobrandHost=${encodeURIComponent('https://evil.example/')}`, { browser: true }),
        400,
      );
    });
  });
}
