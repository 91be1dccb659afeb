/**
 * A first visit (issue "First visit"): the page comes in the browser's language with its cookie, carries its cobrand
 * and the rendered form, and the scripts take the form over without a call, a reload or losing what was typed.
 */
import { ROUTES, routePath } from '@portal/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addUser, PASSWORD } from '../support/admin';
import { baseUrl, expectAccessible, openPage, signInUrl, useChromium } from '../support/browser';

const chromium = useChromium();

/** Every layout shift of the pages of `context`, as the browser reports them (what CLS adds up). */
async function recordShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);

describe('a first visit', () => {
  it("shows the form in the browser's language from one document, with no call before it is usable", async () => {
    const { page, context, problems } = await openPage(chromium.browser());
    await context.setExtraHTTPHeaders({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' });
    const documents: string[] = [];
    const calls: string[] = [];
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
      if (request.resourceType() === 'script') scripts.push(request.url());
      if (['fetch', 'xhr'].includes(request.resourceType())) calls.push(request.url());
    });
    await recordShifts(context);
    const response = await page.goto(signInUrl('skerrymoor'), { waitUntil: 'commit' });
    // The form is in the page as it arrives, before any script has run.
    expect(await response!.text()).toMatch(/<input[^>]*id="userId"/);
    await page.locator('.portal-signin__submit').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-CA');
    expect(await page.locator('label[for="userId"]').textContent()).not.toBe('User ID');
    expect(calls.filter((url) => /\/sdportal\/rest\/cobrand|\/assets\/i18n\//.test(url))).toEqual([]);
    await page.waitForLoadState('networkidle');
    expect(documents).toEqual([signInUrl('skerrymoor')]);
    // Its texts came parsed and complete: neither the ICU parser nor the English texts and calls of a page sent
    // without its data are among its scripts.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => /icu-messageformat-parser|settle-by-calls/.test(url))).toEqual([]);
    expect((await context.cookies()).find((c) => c.name === 'user_locale')?.value).toBe('fr_CA');
    // The logo comes with its size, so nothing moves when it arrives; the logo and theme are kept for good.
    const logo = page.locator('.portal-header__logo');
    expect([await logo.getAttribute('width'), await logo.getAttribute('height')]).toEqual(['480', '80']);
    expect(await shiftsOf(page)).toEqual([]);
    const logoAnswer = await context.request.get(`${baseUrl()}${await logo.getAttribute('src')}`);
    expect(logoAnswer.headers()['cache-control']).toContain('immutable');
    await expectAccessible(page, 'the sign-in page of a first visit');
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['sign-in', 'login-signin-component'],
    ['forgot-password', 'forgot-password-component'],
    ['logout', 'logout-component'],
    ['not-found', 'no-such-screen'],
  ] as const)('moves nothing on the %s screen of a first visit on a phone', async (_label, route) => {
    const { page, context, problems } = await openPage(chromium.browser(), { width: 412, height: 823 });
    await recordShifts(context);
    await page.goto(`${baseUrl()}/public-portal-ui/${route}?cobrandHost=skerrymoor`);
    await page.waitForLoadState('networkidle');
    await page.locator('h1').first().waitFor();
    expect(await shiftsOf(page)).toEqual([]);
    expect(await page.title()).not.toBe('');
    await expectAccessible(page, `the ${route} page of a first visit on a phone`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps what was typed before the scripts arrived, and signs in with it', async () => {
    const userId = addUser('firstvisittyper');
    const { page, context, problems } = await openPage(chromium.browser());
    // The scripts arrive late, as on a slow phone: the user has typed by then.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/public-portal-ui/static/*.js', async (route) => {
      await held;
      await route.continue();
    });
    // Module scripts hold up DOMContentLoaded: the page is only committed, the form there from its HTML.
    await page.goto(signInUrl('skerrymoor'), { waitUntil: 'commit' });
    await page.locator('#userId').fill(userId);
    await page.locator('#password').fill(PASSWORD);
    release();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#userId').inputValue()).toBe(userId);
    // Only the hydrated form signs in (without its script the browser would submit it to itself).
    await Promise.all([
      page.waitForURL('**/sdportal/platform/home?cobrandHost=skerrymoor'),
      page.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each(ROUTES.filter((route) => route !== 'login-signin-component'))(
    'renders %s on the service and takes it over in the browser without a mismatch',
    async (route) => {
      const { page, context, problems } = await openPage(chromium.browser());
      const hydration: string[] = [];
      page.on('console', (message) => {
        if (/hydrat/i.test(message.text())) hydration.push(message.text());
      });
      const url = `${baseUrl()}${routePath(route)}?cobrandHost=skerrymoor&confirm=1`;
      // Read apart from the visit: a screen without a session moves on before its answer could be read.
      const html = await (await context.request.get(url)).text();
      // React writes the images' preload links first.
      expect(html).toMatch(/<div id="root" class="portal-root">(<link [^>]+>)*<div class="portal-shell/);
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      expect(hydration).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
