/** The session-expiry warning in Chromium, with Playwright's clock instead of real waiting (§2, §4, §9). */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, addUser, portal } from '../support/admin';
import { baseUrl, expectAccessible, openPage, sessionClockRunning, signInUrl, useChromium } from '../support/browser';

const chromium = useChromium();

const HOME = '**/sdportal/platform/home?cobrandHost=skerrymoor';
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Your session is about to expire' });
const activeText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

/** A signed-in context whose pages run on a fake clock; answers the page and its first ping's answer. */
async function signedIn(): Promise<{
  context: BrowserContext;
  page: Page;
  problems: string[];
  firstIdleExpiresAt: number;
}> {
  const { context, page, problems } = await openPage(chromium.browser());
  await context.clock.install();
  await page.goto(signInUrl('skerrymoor'));
  await page.getByLabel('User ID', { exact: true }).fill('demopass');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const ping = page.waitForResponse('**/sdportal/rest/sessionExpire/pingPortal.json');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(HOME);
  const firstIdleExpiresAt = (await (await ping).json()).idleExpiresAt as number;
  await page.getByText('Signed in as demopass').waitFor();
  await sessionClockRunning(page);
  return { context, page, problems, firstIdleExpiresAt };
}

/** A user whose password has expired, signed in on a fake clock: the change-password screen, cursor in Current password. */
async function onChangePassword(viewport?: { width: number; height: number }) {
  const { context, page, problems } = await openPage(chromium.browser(), viewport);
  await context.clock.install();
  const userId = addUser(`e2ewarn${Date.now()}${Math.floor(Math.random() * 1000)}`);
  portal('users', 'expire-password', userId);
  await page.goto(signInUrl('skerrymoor', '&locale=en_US'));
  await page.getByLabel('User ID', { exact: true }).fill(userId);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  // The clock starts from the screen's first renewal: fast-forwarding before its answer would move nothing.
  const ping = page.waitForResponse('**/sdportal/rest/sessionExpire/pingPortal.json');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/change-password-component?**');
  await ping;
  await sessionClockRunning(page);
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('old');
  return { context, page, problems };
}

/** What the page announces through its polite announcer (components/announce.ts). */
const announced = (page: Page) => page.locator('#portal-announcer').textContent();

describe('session expiry warning', () => {
  it('appears 220 s after the last renewal, counts down as mm:ss, takes focus, and passes axe', async () => {
    const { context, page, problems } = await signedIn();
    await page.clock.fastForward('03:38');
    expect(await dialog(page).isVisible()).toBe(false);
    await page.clock.fastForward('00:03');
    await dialog(page).waitFor();
    expect(await dialog(page).innerText()).toContain('For your security, your session will end in 01:19.');
    expect(await activeText(page)).toBe('Continue');
    const announcement = page.locator('.portal-session-warning [aria-live="polite"]');
    await expect.poll(() => announcement.innerText()).toContain('1 minute, 19 seconds');
    await page.clock.fastForward('00:09');
    await expect.poll(() => dialog(page).innerText()).toContain('01:10');
    expect(await announcement.innerText()).toContain('1 minute, 19 seconds');
    await page.clock.fastForward('00:11');
    await expect.poll(() => announcement.innerText()).toContain('59 seconds');
    await expectAccessible(page, 'the open session warning');
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([429, 503])(
    'keeps a signed-in page when its renewal on opening is answered %i: the session is not known to have ended',
    async (status) => {
      const { context, page } = await signedIn();
      await page.route('**/sdportal/rest/sessionExpire/pingPortal.json', (route) =>
        route.fulfill({ status, headers: { 'retry-after': '1' }, contentType: 'application/json', body: '{}' }),
      );
      const refused = page.waitForResponse('**/sdportal/rest/sessionExpire/pingPortal.json');
      await page.reload();
      expect((await refused).status()).toBe(status);
      await page.getByText('Signed in as demopass').waitFor();
      // The page's script has settled on the refused answer: it stays, and still holds its session.
      await page.waitForLoadState('networkidle');
      expect(page.url()).toContain('/sdportal/platform/home');
      await page.unroute('**/sdportal/rest/sessionExpire/pingPortal.json');
      expect((await page.request.get(`${baseUrl()}/sdportal/rest/session`)).status()).toBe(200);
      await context.close();
    },
  );

  it('logs the user out when the countdown reaches zero', async () => {
    const { context, page } = await signedIn();
    await page.clock.fastForward('03:41');
    await dialog(page).waitFor();
    await page.clock.fastForward('01:20');
    await page.waitForURL('**/public-portal-ui/logout-component?cobrandHost=skerrymoor');
    expect(await page.evaluate(async () => (await fetch('/sdportal/rest/session')).status)).toBe(401);
    // The screen says why, not only "You have been logged out".
    await page.getByText('For your security, you were logged out because you were inactive for too long.').waitFor();
    await expectAccessible(page, 'the logout screen after inactivity');
    await context.close();
  });

  it('renews the session on Continue: the service moves its idle deadline, the dialog closes and focus returns', async () => {
    const { context, page, firstIdleExpiresAt } = await signedIn();
    await page.getByRole('link', { name: 'Change password' }).focus();
    await page.clock.fastForward('03:41');
    await dialog(page).waitFor();
    // Only the browser's clock is fast-forwarded. The service leaves a deadline that would move by less than 1 % of
    // the idle time (3 s) as it is, so let that much real time pass for the renewal to show.
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    const ping = page.waitForResponse('**/sdportal/rest/sessionExpire/pingPortal.json');
    await page.getByRole('button', { name: 'Continue' }).click();
    const renewed = await (await ping).json();
    expect(renewed.idleExpiresAt).toBeGreaterThan(firstIdleExpiresAt);
    await expect.poll(() => dialog(page).isVisible()).toBe(false);
    expect(await activeText(page)).toBe('Change password');
    await page.clock.fastForward('03:30');
    expect(await dialog(page).isVisible()).toBe(false);
    await context.close();
  });

  it('logs the user out when the renewal fails', async () => {
    const { context, page } = await signedIn();
    await page.clock.fastForward('03:41');
    await dialog(page).waitFor();
    // The session ends at the service (as if it had timed out there); Continue's ping is then refused.
    await page.evaluate(() => fetch('/sdportal/logout', { headers: { 'X-Requested-With': 'XMLHttpRequest' } }));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/public-portal-ui/logout-component?cobrandHost=skerrymoor');
    await context.close();
  });

  it('keeps Tab and Shift+Tab between its two buttons; Esc hides it and leaves the time left with Continue', async () => {
    const { context, page } = await signedIn();
    await page.clock.fastForward('03:41');
    await dialog(page).waitFor();
    expect(await activeText(page)).toBe('Continue');
    await page.keyboard.press('Tab');
    expect(await activeText(page)).toBe('Log out');
    await page.keyboard.press('Tab');
    expect(await activeText(page)).toBe('Continue');
    await page.keyboard.press('Shift+Tab');
    expect(await activeText(page)).toBe('Log out');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).isVisible()).toBe(false);
    expect(page.url()).toContain('/sdportal/platform/home');
    // The countdown stays on screen with a way to renew, so the user is not logged out with nothing showing.
    const banner = page.locator('.portal-session-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toMatch(/0[01]:\d\d/);
    await expectAccessible(page, 'the session warning hidden with Esc');
    await banner.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    expect(page.url()).toContain('/sdportal/platform/home');
    await context.close();
  });

  it('keeps the tabs of one browser in step: a renewal in one closes the dialog in all, a logout in one logs out all', async () => {
    const { context, page } = await signedIn();
    const second = await context.newPage();
    await second.goto(page.url());
    await second.getByText('Signed in as demopass').waitFor();
    await page.clock.fastForward('03:45');
    await dialog(page).waitFor();
    await dialog(second).waitFor();
    const pings: string[] = [];
    for (const p of [page, second])
      p.on('request', (r) => r.url().includes('pingPortal') && pings.push(p === page ? 'first' : 'second'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => dialog(second).isVisible()).toBe(false);
    expect(await dialog(page).isVisible()).toBe(false);
    expect(pings).toEqual(['first']);
    await page.clock.fastForward('03:45');
    await dialog(second).waitFor();
    await second.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/public-portal-ui/logout-component?cobrandHost=skerrymoor');
    await second.waitForURL('**/public-portal-ui/logout-component?cobrandHost=skerrymoor');
    await context.close();
  });

  it('speaks the countdown as minutes and seconds in the page language, not as a time of day', async () => {
    const { context, page } = await signedIn();
    await page.clock.fastForward('03:41');
    await dialog(page).waitFor();
    // Seen as mm:ss, heard as words: the visible time is hidden from the accessibility tree, the words are not.
    expect(await dialog(page).innerText()).toContain('01:19');
    const heard = await dialog(page).ariaSnapshot();
    expect(heard).toContain('your session will end in 1 minute, 19 seconds.');
    expect(heard).not.toContain('01:19');
    await expect
      .poll(() => page.locator('.portal-session-warning [aria-live="polite"]').innerText())
      .toContain('1 minute, 19 seconds');
    await context.close();
  });

  it('opens over change password without calling the untouched Current password invalid', async () => {
    const { context, page, problems } = await onChangePassword();
    await page.clock.fastForward('03:41');
    await dialog(page).waitFor();
    await page.clock.runFor(300); // past the 100 ms after which an announcement made is filled in
    expect(await page.locator('#old').getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('#old-error').count()).toBe(0);
    expect(await announced(page)).toBe('');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('old');
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    [320, 256],
    [390, 844],
  ])(
    'after Esc at %ix%i, hides nothing the user tabs to on change password under the banner',
    async (width, height) => {
      const { context, page, problems } = await onChangePassword({ width, height });
      await page.clock.fastForward('03:41');
      await dialog(page).waitFor();
      await page.keyboard.press('Escape');
      const banner = page.locator('.portal-session-banner');
      await banner.waitFor();
      const hidden: string[] = [];
      const seen = new Set<string>();
      for (let i = 0; i < 40; i += 1) {
        await page.keyboard.press('Tab');
        const stop = await page.evaluate(() => {
          const focused = document.activeElement as HTMLElement;
          // Past the last control, focus leaves the page for the browser's own controls.
          if (focused === document.body) return null;
          const bar = document.querySelector('.portal-session-banner')!.getBoundingClientRect();
          const box = focused.getBoundingClientRect();
          const inBanner = focused.closest('.portal-session-banner') !== null;
          const under = !inBanner && box.bottom > bar.top && box.top < bar.bottom && box.right > bar.left;
          const name = focused.getAttribute('aria-label') || focused.id || focused.textContent?.trim();
          return { name: `${focused.tagName} ${name}`, under };
        });
        if (stop === null) continue;
        if (stop.under) hidden.push(stop.name);
        if (seen.has(stop.name)) break;
        seen.add(stop.name);
      }
      expect(seen.size).toBeGreaterThan(8);
      expect(hidden).toEqual([]);
      await expectAccessible(page, `change password with the banner at ${width}x${height}`);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it('after Esc, announces politely when 30 and when 10 seconds are left', async () => {
    const { context, page } = await signedIn();
    await page.clock.fastForward('03:41');
    await dialog(page).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.portal-session-banner').waitFor();
    expect(await page.locator('#portal-announcer').getAttribute('aria-live')).toBe('polite');
    const secondsIn = async () => Number(/end in (\d+) seconds\./.exec((await announced(page)) ?? '')?.[1] ?? NaN);
    await page.clock.fastForward('00:30');
    await page.clock.runFor(300); // past the 100 ms after which an announcement made is filled in
    expect(await announced(page)).toBe('');
    await page.clock.fastForward('00:20');
    await expect.poll(secondsIn).toBeLessThanOrEqual(30);
    expect(await secondsIn()).toBeGreaterThan(20);
    await page.clock.fastForward('00:20');
    await expect.poll(secondsIn).toBeLessThanOrEqual(10);
    await context.close();
  });
});
