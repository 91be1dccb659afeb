/** The session-expiry warning in Chromium, with Playwright's clock instead of real waiting (§2, §4, §9). */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/admin';
import { expectAccessible, openPage, signInUrl, useChromium } from '../support/browser';

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
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(HOME);
  const firstIdleExpiresAt = (await (await ping).json()).idleExpiresAt as number;
  await page.getByText('Signed in as demopass').waitFor();
  return { context, page, problems, firstIdleExpiresAt };
}

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
    await expect.poll(() => announcement.innerText()).toContain('01:19');
    await page.clock.fastForward('00:09');
    await expect.poll(() => dialog(page).innerText()).toContain('01:10');
    expect(await announcement.innerText()).toContain('01:19');
    await page.clock.fastForward('00:11');
    await expect.poll(() => announcement.innerText()).toContain('00:59');
    await expectAccessible(page, 'the open session warning');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('logs the user out when the countdown reaches zero', async () => {
    const { context, page } = await signedIn();
    await page.clock.fastForward('03:41');
    await dialog(page).waitFor();
    await page.clock.fastForward('01:20');
    await page.waitForURL('**/public-portal-ui/logout-component?cobrandHost=skerrymoor');
    expect(await page.evaluate(async () => (await fetch('/sdportal/rest/session')).status)).toBe(401);
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
});
