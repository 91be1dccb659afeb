/**
 * Issue 34's security page in Chromium: reached from the signed-in page, it marks this session and lists one signed
 * in from another browser; ending it signs that browser out; "end all others" too; the recent sign-ins show a failed
 * try; the keyboard alone does it; the page's form works without the script; axe finds nothing on each state the
 * script shows.
 */
import { Paths } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, addUser } from '../support/admin';
import {
  baseUrl,
  expectAccessible,
  openPage,
  signInThroughForm,
  useChromium,
  skipPasskeyOffer,
} from '../support/browser';

const chromium = useChromium();
const { withPage } = chromium;
const HOME = '**/sdportal/platform/home?cobrandHost=skerrymoor';
const SECURITY = '**/public-portal-ui/security-component?cobrandHost=skerrymoor';

/** A browser of its own (a new context: its own cookies), signed in as the user. */
async function otherBrowser(browser: Browser, userId: string) {
  const other = await openPage(browser);
  await skipPasskeyOffer(other.page.context());
  await signInThroughForm(other.page, 'skerrymoor', userId, PASSWORD);
  await other.page.waitForURL(HOME);
  return other;
}

const sessionStatus = async (page: Page) => (await page.request.get(`${baseUrl()}${Paths.session}`)).status();

async function openSecurityPage(page: Page, userId: string): Promise<void> {
  await skipPasskeyOffer(page.context());
  await signInThroughForm(page, 'skerrymoor', userId, PASSWORD);
  await page.waitForURL(HOME);
  await page.getByRole('link', { name: 'Security and sessions' }).click();
  await page.waitForURL(SECURITY);
  await page.getByRole('heading', { name: 'Where you are signed in' }).waitFor();
  await expect.poll(() => page.title()).toBe('Security');
}

const sessionItems = (page: Page) =>
  page.getByRole('region', { name: 'Where you are signed in' }).getByRole('listitem');

describe('security page', () => {
  it('marks this session, lists another browser, ends it and that browser is signed out', async () => {
    await withPage(async ({ page }) => {
      const userId = addUser(`e2esecurity${Date.now()}`);
      const other = await otherBrowser(chromium.browser(), userId);
      await openSecurityPage(page, userId);

      await expect.poll(() => sessionItems(page).count()).toBe(2);
      await expect.poll(() => sessionItems(page).filter({ hasText: '(this session)' }).count()).toBe(1);
      await expectAccessible(page, 'security page, two sessions');

      await page.getByRole('button', { name: /^End session/ }).click();
      await page.getByText('You are not signed in anywhere else.').waitFor();
      expect(await sessionItems(page).count()).toBe(1);
      await expectAccessible(page, 'security page, one session');

      expect(await sessionStatus(other.page)).toBe(401);
      // The other browser's signed-in page sends it to sign in.
      await other.page.reload();
      await other.page.waitForURL('**/login-signin-component?cobrandHost=skerrymoor');
      expect(await sessionStatus(page)).toBe(200);
      expect(other.problems).toEqual([]);
      await other.context.close();
    });
  });

  it('ends all the other sessions at once', async () => {
    await withPage(async ({ page }) => {
      const userId = addUser(`e2esecall${Date.now()}`);
      const first = await otherBrowser(chromium.browser(), userId);
      const second = await otherBrowser(chromium.browser(), userId);
      await openSecurityPage(page, userId);
      await expect.poll(() => sessionItems(page).count()).toBe(3);

      await page.getByRole('button', { name: 'End all other sessions' }).click();
      await page.getByText('You are not signed in anywhere else.').waitFor();

      for (const gone of [first, second]) {
        expect(await sessionStatus(gone.page)).toBe(401);
        await gone.context.close();
      }
      expect(await sessionStatus(page)).toBe(200);
    });
  });

  it('shows a failed sign-in among the recent ones', async () => {
    await withPage(async ({ page }) => {
      const userId = addUser(`e2esecfail${Date.now()}`);
      await signInThroughForm(page, 'skerrymoor', userId, 'Not-The-Password-1');
      await page
        .getByText(/Invalid Login/)
        .first()
        .waitFor();
      await openSecurityPage(page, userId);

      const recent = page.getByRole('region', { name: 'Recent sign-ins' }).getByRole('listitem');
      await expect.poll(() => recent.count()).toBe(2);
      expect(await recent.nth(0).textContent()).toContain('Signed in');
      expect(await recent.nth(1).textContent()).toContain('Sign-in failed');
      expect(await recent.nth(1).textContent()).toContain('Password');
      await expectAccessible(page, 'security page, recent sign-ins with a failure');
    });
  });

  it('ends another session with the keyboard alone, and focus goes back to the list', async () => {
    await withPage(async ({ page }) => {
      const userId = addUser(`e2eseckeys${Date.now()}`);
      const other = await otherBrowser(chromium.browser(), userId);
      await openSecurityPage(page, userId);
      await expect.poll(() => sessionItems(page).count()).toBe(2);

      const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
      for (let presses = 0; presses < 30 && !(await focused()).startsWith('End session'); presses += 1)
        await page.keyboard.press('Tab');
      expect(await focused()).toMatch(/^End session/);
      await page.keyboard.press('Enter');

      await page.getByText('You are not signed in anywhere else.').waitFor();
      expect(await focused()).toBe('Where you are signed in');
      expect(await sessionStatus(other.page)).toBe(401);
      await other.context.close();
    });
  });

  it('ends a session without the script, by the form', async () => {
    const userId = addUser(`e2esecnoscript${Date.now()}`);
    const other = await otherBrowser(chromium.browser(), userId);
    const context = await chromium.browser().newContext({ javaScriptEnabled: false });
    await skipPasskeyOffer(context);
    try {
      const page = await context.newPage();
      await signInThroughForm(page, 'skerrymoor', userId, PASSWORD);
      await page.waitForURL(HOME);
      await page.goto(`${baseUrl()}/public-portal-ui/security-component?cobrandHost=skerrymoor`);
      await page.getByText('(this session)').waitFor();

      await page.getByRole('button', { name: /^End session/ }).click();
      await page.waitForURL('**/security-component?cobrandHost=skerrymoor&ended=1');
      await page.getByText('The session has been ended.').waitFor();
      expect(await sessionStatus(other.page)).toBe(401);
      // axe, a script, cannot run here: the page is the same HTML the scripted tests above check.
    } finally {
      await context.close();
      await other.context.close();
    }
  });
});
