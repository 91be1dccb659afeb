/** Two-factor sign-in in Chromium with real tokencodes: new PIN, PIN + tokencode, next tokencode (§2, §4, §5, §8). */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, signInThroughForm, useChromium } from '../support/browser';
import { setFirstPin, tokenUser } from '../support/tokens';

const chromium = useChromium();
const { withPage } = chromium;

const signIn = (page: Page, userId: string, password: string) =>
  signInThroughForm(page, 'skerrymoor', userId, password);

describe('token sign-in', () => {
  it('sets a new PIN with the next passcode, logs out, then signs in with PIN + tokencode', async () => {
    await withPage(async ({ page }) => {
      const token = tokenUser('e2enewpin');
      // The previous, current and next codes are all near the clock, so none is doubted.
      await signIn(page, token.userId, token.code(-1));
      await page.waitForURL('**/public-portal-ui/new-rsa-pin-component?cobrandHost=skerrymoor');
      await page.getByRole('heading', { name: 'Create a new token PIN' }).waitFor();
      await expect.poll(() => page.title()).toBe('Create a new token PIN');
      // The cursor starts in the first field, as on every form screen.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('pin');
      expect(await page.getByLabel('Next passcode').getAttribute('inputmode')).toBe('numeric');
      expect(await page.getByLabel('Next passcode').getAttribute('autocomplete')).toBe('one-time-code');
      await expectAccessible(page, 'the new-PIN screen');

      // The toggle names what it hides, and its name starts with the word it shows.
      const hide = page.getByRole('button', { name: 'Hide the instructions', exact: true });
      expect(await hide.textContent()).toBe('HIDE');
      await hide.click();
      expect(await page.getByText('Choose a 4-digit PIN').isVisible()).toBe(false);
      const show = page.getByRole('button', { name: 'Show the instructions', exact: true });
      expect(await show.getAttribute('aria-expanded')).toBe('false');

      // PIN fields keep digits only.
      await page.getByLabel('New PIN', { exact: true }).pressSequentially('1a2-b');
      expect(await page.getByLabel('New PIN', { exact: true }).inputValue()).toBe('12');
      await page.getByLabel('New PIN', { exact: true }).fill('0123');
      await page.getByLabel('Confirm new PIN', { exact: true }).fill('0124');
      await page.getByLabel('Next passcode').fill('123');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('#pin-error').getByText('The PIN must not start with 0.').waitFor();
      expect(await page.locator('#confirm-error').textContent()).toContain('do not match');
      expect(await page.locator('#passcode-error').textContent()).toContain('The passcode must be 8 digits.');
      await expectAccessible(page, 'the new-PIN screen with errors');

      await page.getByLabel('New PIN', { exact: true }).fill('1357');
      await page.getByLabel('Confirm new PIN', { exact: true }).fill('1357');
      await page.getByLabel('Next passcode').fill(token.code(0));
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL('**/public-portal-ui/logout-component?cobrandHost=skerrymoor');
      expect(await page.evaluate(() => sessionStorage.getItem('portal.newPin'))).toBeNull();
      // Not a bare "logged out": the screen says the PIN is saved and how the next sign-in goes.
      await page.getByText('Your new PIN is saved. Next time you sign in, enter your PIN followed by').waitFor();

      await signIn(page, token.userId, `1357${token.code(1)}`);
      await page.waitForURL('**/sdportal/platform/home?cobrandHost=skerrymoor');
      await page.getByText(`Signed in as ${token.userId}`).waitFor();
    });
  });

  it('shows Invalid Login for a wrong PIN, then asks for the next tokencode and accepts it', async () => {
    await withPage(async ({ page }) => {
      const token = tokenUser('e2enext');
      await setFirstPin(page, token, '2580');

      await signIn(page, token.userId, `9999${token.code(2)}`);
      await page.locator('.portal-error-summary').getByRole('heading', { name: 'Invalid Login' }).waitFor();
      await signIn(page, token.userId, `2580${token.code(2)}`);
      await page.waitForURL('**/public-portal-ui/next-token-component?authn_attempt_id=**');
      await page.getByRole('heading', { name: 'Enter the next passcode' }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('passcode');
      await expectAccessible(page, 'the next-token screen');
      // Like every form screen: left for Continue after typing, the passcode is checked at once.
      await page.getByLabel('Next passcode').pressSequentially('123');
      await page.keyboard.press('Tab');
      await page.locator('#passcode-error').getByText('Invalid passcode').waitFor();

      await page.getByLabel('Next passcode').fill('1234');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.locator('#passcode-error').getByText('Invalid passcode').waitFor();
      await page.getByLabel('Next passcode').fill(token.code(2));
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.locator('#passcode-error').getByText('Invalid passcode').waitFor();
      await expectAccessible(page, 'the next-token screen with an invalid token');
      await page.getByLabel('Next passcode').fill(token.code(3));
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/sdportal/platform/home?cobrandHost=skerrymoor');
    });
  });

  it('logs out a visitor who opens a token screen out of turn', async () => {
    await withPage(async ({ page }) => {
      await page.goto(`${baseUrl()}/public-portal-ui/new-rsa-pin-component?cobrandHost=skerrymoor`);
      await page.waitForURL('**/public-portal-ui/logout-component?cobrandHost=skerrymoor');
      await page.goto(`${baseUrl()}/public-portal-ui/next-token-component?cobrandHost=skerrymoor`);
      await page.waitForURL('**/public-portal-ui/logout-component?cobrandHost=skerrymoor');
    });
  });
});
