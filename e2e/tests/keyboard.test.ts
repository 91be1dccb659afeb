/**
 * The sign-in and forgot-password pages with the keyboard only, as a screen reader user meets them: nothing changes
 * on its own (WCAG 3.2.2), and a field is called invalid only for what the user typed or sent (§5, docs/decisions.md).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, signInUrl, useChromium } from '../support/browser';

const { withPage } = useChromium();
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id);
const announcer = (page: Page) => page.locator('#portal-announcer');
const invalidFields = (page: Page) => page.locator('[aria-invalid="true"]').count();

/** Presses Tab until the focused element's text is `text`, at most `limit` times. */
async function tabTo(page: Page, text: string, limit = 12): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === text) return;
  }
  throw new Error(`"${text}" was not reached with ${limit} Tabs`);
}

describe('the language selector', () => {
  it('changes nothing on an arrow key; its button reloads in the chosen language, keeps the user ID and the focus', async () => {
    await withPage(async ({ page, context }) => {
      await page.goto(signInUrl('larchmere', '&locale=en_GB'));
      await page.getByLabel('User ID', { exact: true }).fill('half-typed-id');
      let loads = 0;
      page.on('load', () => (loads += 1));
      await page.getByLabel('Language').focus();
      await page.keyboard.press('ArrowDown');
      expect(await page.locator('#portal-language').inputValue()).toBe('fr');
      // Nothing has happened yet: the same page, language and focus.
      await page.getByRole('button', { name: 'Change language' }).waitFor();
      expect(loads).toBe(0);
      expect(await page.locator('html').getAttribute('lang')).toBe('en-GB');
      expect(await activeId(page)).toBe('portal-language');
      await expectAccessible(page, 'sign-in with a language chosen but not applied');

      await page.keyboard.press('Tab');
      await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
      await page.locator('html[lang="fr"]').waitFor();
      expect((await context.cookies()).find((c) => c.name === 'user_locale')?.value).toBe('fr');
      await expect.poll(() => activeId(page)).toBe('portal-language');
      expect(await page.locator('#userId').inputValue()).toBe('half-typed-id');
      // The kept user ID is not the user leaving the field, nor is the password asked for.
      expect(await invalidFields(page)).toBe(0);
      expect(await page.evaluate(() => sessionStorage.getItem('portal.carriedFields'))).toBeNull();
      await expectAccessible(page, 'sign-in after changing the language');
    });
  });

  it('never carries a password across the reload', async () => {
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('larchmere', '&locale=en_GB'));
      await page.getByLabel('Password', { exact: true }).fill('Secret-typed-1');
      await page.getByRole('button', { name: 'Show Password' }).click();
      await page.getByLabel('Language').selectOption('de');
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Change language' }).click()]);
      await page.locator('html[lang="de"]').waitFor();
      expect(await page.locator('#password').inputValue()).toBe('');
    });
  });
});

describe('which fields are called invalid', () => {
  it('marks nothing when the user tabs past the empty fields to "Forgot your password?"', async () => {
    await withPage(async ({ page }) => {
      await page.clock.install();
      await page.goto(signInUrl('skerrymoor', '&locale=en_US'));
      await expect.poll(() => activeId(page)).toBe('userId');
      await tabTo(page, 'Forgot your password?');
      // The page's timers run past the 100 ms after which an announcement made is filled in (announce.ts).
      await page.clock.runFor(300);
      expect(await invalidFields(page)).toBe(0);
      expect(await page.locator('.portal-field__error').count()).toBe(0);
      expect(await announcer(page).textContent()).toBe('');
      await expectAccessible(page, 'sign-in after tabbing past the empty fields');
    });
  });

  it('still marks and announces a field the user typed in and emptied, on leaving it', async () => {
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('skerrymoor', '&locale=en_US'));
      await expect.poll(() => activeId(page)).toBe('userId');
      await page.keyboard.type('x');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Tab');
      await page.locator('#userId-error').waitFor();
      await expect.poll(() => announcer(page).textContent()).toBe('User ID is required.');
      expect(await page.locator('#password-error').count()).toBe(0);
    });
  });

  it('marks every empty field on submit', async () => {
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('skerrymoor', '&locale=en_US'));
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.locator('#userId-error').waitFor();
      await page.locator('#password-error').waitFor();
    });
  });

  it('treats forgot password like the other screens: typed, emptied and left for Continue, the field is marked', async () => {
    await withPage(async ({ page }) => {
      await page.goto(`${baseUrl()}/public-portal-ui/forgot-password-component?cobrandHost=skerrymoor&locale=en_US`);
      await expect.poll(() => activeId(page)).toBe('userId');
      await page.keyboard.press('Tab');
      expect(await invalidFields(page)).toBe(0);
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.type('x');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Continue');
      await page.locator('#userId-error').waitFor();
      await expect.poll(() => announcer(page).textContent()).toBe('User ID is required.');
      await expectAccessible(page, 'forgot password with its field marked on leaving it');
    });
  });
});
