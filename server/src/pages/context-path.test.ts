/** §2: every screen is reached at `/public-portal-ui/<route>` and under the portal context path, `/sdportal/<route>`. */
import { ROUTES, routePath } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInSequence, type TestApp } from '../../test/harness.js';

describe('the screens under the portal context path', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp('sqlite');
  });
  afterAll(() => app.close());

  // The token screens send a browser without a session at their step to the logout address (issue 33).
  const TOKEN_SCREENS = ['new-rsa-pin-component', 'next-token-component'] as const;
  const pages = ROUTES.filter(
    (route) => route !== 'logout-component' && !(TOKEN_SCREENS as readonly string[]).includes(route),
  );

  it.each(TOKEN_SCREENS)(
    'sends a visitor out of turn from %s at both addresses to the logout address',
    async (route) => {
      const browser = app.client();
      for (const path of [routePath(route), `/sdportal/${route}`]) {
        const answer = await browser.get(`${path}?cobrandHost=skerrymoor`, { headers: { accept: 'text/html' } });
        expect(answer.statusCode).toBe(303);
        expect(answer.headers.location).toBe('/sdportal/logout?cobrandHost=skerrymoor');
      }
    },
  );

  it.each(pages)('serves %s at both addresses', async (route) => {
    // One browser: a page ends with the browser's own anti-forgery field (issue 33).
    const browser = app.client();
    // The security page is the signed-in user's own (issue 34).
    if (route === 'security-component') expect((await signInSequence(browser, 'demopass')).statusCode).toBe(200);
    const get = (path: string) => browser.get(`${path}?cobrandHost=skerrymoor`, { headers: { accept: 'text/html' } });
    const ui = await get(routePath(route));
    const context = await get(`/sdportal/${route}`);
    // The new-device code's screen sends a browser with no held sign-in back to sign in, from both addresses alike.
    if (route === 'device-code-component') {
      expect([ui.statusCode, context.statusCode]).toEqual([303, 303]);
      return expect(context.headers.location).toBe(ui.headers.location);
    }
    expect(context!.statusCode).toBe(200);
    expect(context!.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(context!.body).toBe(ui!.body);
  });

  it('asks before a logout reached from another site at /sdportal/logout-component too', async () => {
    const response = await app.client().get('/sdportal/logout-component?cobrandHost=skerrymoor', {
      headers: { accept: 'text/html', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/sdportal/logout-component?cobrandHost=skerrymoor&confirm=1');
  });
});
