/**
 * Issue 34's security page in Chromium: reached from the signed-in page, it marks this session and lists one signed
 * in from another browser; ending it signs that browser out; "end all others" too, once its question is answered
 * "Yes" (Cancel and Esc end nothing); the recent sign-ins show a failed try; the keyboard alone does it; the page's
 * form works without the script, the question included; axe finds nothing on each state the script shows.
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
const SECURITY_PAGE = '/public-portal-ui/security-component?cobrandHost=skerrymoor';

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
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');
const announced = (page: Page) => page.locator('#portal-announcer').textContent();
const QUESTION = 'End all your other sessions? You will be signed out everywhere except here.';

describe('security page', () => {
  it('marks this session, lists another browser, ends it and that browser is signed out', async () => {
    await withPage(async ({ page }) => {
      const userId = addUser(`e2esecurity${Date.now()}`);
      const other = await otherBrowser(chromium.browser(), userId);
      await openSecurityPage(page, userId);

      await expect.poll(() => sessionItems(page).count()).toBe(2);
      await expect.poll(() => sessionItems(page).filter({ hasText: '(this session)' }).count()).toBe(1);
      await expectAccessible(page, 'security page, two sessions');

      // The button names the session it ends, in one message around the device's name.
      const device = await sessionItems(page)
        .filter({ hasNotText: '(this session)' })
        .locator('.portal-security__title')
        .textContent();
      await page.getByRole('button', { name: `End session on ${device}`, exact: true }).click();
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

  it('ends all the other sessions at once, once asked: Cancel and Esc end nothing, "Yes" ends them', async () => {
    await withPage(async ({ page }) => {
      const userId = addUser(`e2esecall${Date.now()}`);
      const first = await otherBrowser(chromium.browser(), userId);
      const second = await otherBrowser(chromium.browser(), userId);
      await openSecurityPage(page, userId);
      await expect.poll(() => sessionItems(page).count()).toBe(3);
      const endOthers = page.getByRole('button', { name: 'End all other sessions', exact: true });
      const question = page.getByRole('group', { name: QUESTION });

      // The question takes the button's place and focus, so a screen reader reads it next.
      await endOthers.click();
      await expect.poll(() => focused(page)).toBe(QUESTION);
      expect(await endOthers.count()).toBe(0);
      await expectAccessible(page, 'security page, asking whether to end all other sessions');
      await question.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => question.count()).toBe(0);
      // Focus is back on the button that asked, and every session is as it was.
      expect(await focused(page)).toBe('End all other sessions');
      for (const other of [first, second]) expect(await sessionStatus(other.page)).toBe(200);
      expect(await sessionItems(page).count()).toBe(3);

      // Esc leaves it too, from the keyboard.
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe(QUESTION);
      await page.keyboard.press('Escape');
      await expect.poll(() => focused(page)).toBe('End all other sessions');
      for (const other of [first, second]) expect(await sessionStatus(other.page)).toBe(200);

      // The page the service answers a press sent before the script ran (the question open) asks too once it runs,
      // and takes the question out of its address, so a reload does not ask again.
      await page.goto(`${baseUrl()}${SECURITY_PAGE}&confirm=endOthers#security-end-others-question`);
      await expect.poll(() => focused(page)).toBe(QUESTION);
      expect(page.url()).not.toContain('confirm=');
      await question.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => focused(page)).toBe('End all other sessions');

      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe(QUESTION);
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('Yes, end all other sessions');
      await page.keyboard.press('Enter');
      await page.getByText('You are not signed in anywhere else.').waitFor();
      await expect.poll(() => announced(page)).toBe('2 sessions have been ended.');
      expect(await focused(page)).toBe('Where you are signed in');

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

      for (let presses = 0; presses < 30 && !(await focused(page)).startsWith('End session'); presses += 1)
        await page.keyboard.press('Tab');
      expect(await focused(page)).toMatch(/^End session/);
      await page.keyboard.press('Enter');

      await page.getByText('You are not signed in anywhere else.').waitFor();
      expect(await focused(page)).toBe('Where you are signed in');
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
      await page.goto(`${baseUrl()}${SECURITY_PAGE}`);
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

  it('asks before ending all the others without the script: Cancel ends nothing, "Yes" ends them', async () => {
    const userId = addUser(`e2esecnsall${Date.now()}`);
    const other = await otherBrowser(chromium.browser(), userId);
    const context = await chromium.browser().newContext({ javaScriptEnabled: false });
    await skipPasskeyOffer(context);
    try {
      const page = await context.newPage();
      await signInThroughForm(page, 'skerrymoor', userId, PASSWORD);
      await page.waitForURL(HOME);
      await page.goto(`${baseUrl()}${SECURITY_PAGE}`);
      await page.getByText('(this session)').waitFor();

      // The button posts the form, and the page comes back asking, at the question.
      await page.getByRole('button', { name: 'End all other sessions', exact: true }).click();
      await page.waitForURL(
        '**/security-component?cobrandHost=skerrymoor&confirm=endOthers#security-end-others-question',
      );
      const question = page.getByRole('group', { name: QUESTION });
      await question.waitFor();
      expect(await sessionStatus(other.page)).toBe(200);
      await question.getByRole('link', { name: 'Cancel' }).click();
      await page.waitForURL('**/security-component?cobrandHost=skerrymoor#security-end-others');
      expect(await question.count()).toBe(0);
      expect(await sessionStatus(other.page)).toBe(200);

      await page.getByRole('button', { name: 'End all other sessions', exact: true }).click();
      await question.getByRole('button', { name: 'Yes, end all other sessions' }).click();
      // The post keeps the question's address fragment through the redirect; the notice at the top says what ended.
      await page.waitForURL(/\/security-component\?cobrandHost=skerrymoor&ended=1(#.*)?$/);
      await page.getByText('The session has been ended.').waitFor();
      expect(await sessionStatus(other.page)).toBe(401);
    } finally {
      await context.close();
      await other.context.close();
    }
  });
});
