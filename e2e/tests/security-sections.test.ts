/**
 * The security page's passkeys and trusted devices sections in Chromium (issues 34 and 35): a passkey added there with
 * the virtual authenticator (CDP WebAuthn), renamed and removed, keyboard only; the sign-in-again message when the
 * service asks for a fresh sign-in; a second browser listed as a trusted device and forgotten; the password change's
 * "forget my other trusted devices". Removing and forgetting ask first (WCAG 3.3.4): Cancel and Esc change nothing,
 * "Yes" does it. Each button names its item in one message. axe finds nothing on each state.
 */
import { PASSKEY_SKIP_COOKIE, Paths } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, addUser } from '../support/admin';
import { baseUrl, expectAccessible, openPage, signInThroughForm, useChromium } from '../support/browser';
import { virtualAuthenticator } from '../support/steps.mjs';

const chromium = useChromium();
const { withPage } = chromium;
const HOME = '**/sdportal/platform/home?cobrandHost=skerrymoor';
const SECURITY = `/public-portal-ui/security-component?cobrandHost=skerrymoor`;

/** Signed in (the passkey offer skipped on this browser), then on the security page. */
async function openSecurityPage(page: Page, userId: string): Promise<void> {
  await page.context().addCookies([{ name: PASSKEY_SKIP_COOKIE, value: '1', url: baseUrl() }]);
  await signInThroughForm(page, 'skerrymoor', userId, PASSWORD);
  await page.waitForURL(HOME);
  await page.goto(`${baseUrl()}${SECURITY}`);
  await page.getByRole('heading', { name: 'Where you are signed in' }).waitFor();
}

const passkeyItems = (page: Page) => page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem');
const deviceItems = (page: Page) => page.getByRole('region', { name: 'Trusted devices' }).getByRole('listitem');
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');
/** The focused element's accessible name as its aria-label gives it (the item-naming buttons have one). */
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
const listedPasskeys = async (page: Page) =>
  ((await (await page.request.get(`${baseUrl()}/sdportal/rest/passkeys`)).json()) as { passkeys: unknown[] }).passkeys;
const announced = (page: Page) => page.locator('#portal-announcer').textContent();

/** Tab until the focused element's text starts as given (the keyboard alone reaches it). */
async function tabTo(page: Page, text: string): Promise<void> {
  for (let presses = 0; presses < 40 && !(await focused(page)).startsWith(text); presses += 1)
    await page.keyboard.press('Tab');
  expect(await focused(page)).toMatch(new RegExp(`^${text}`));
}

async function otherBrowser(browser: Browser, userId: string) {
  const other = await openPage(browser);
  await other.context.addCookies([{ name: PASSKEY_SKIP_COOKIE, value: '1', url: baseUrl() }]);
  await signInThroughForm(other.page, 'skerrymoor', userId, PASSWORD);
  await other.page.waitForURL(HOME);
  return other;
}

describe('security page: passkeys', () => {
  it('adds a passkey, renames it and removes it, by the keyboard alone', async () => {
    await withPage(async ({ page }) => {
      const userId = addUser(`e2esecpk${Date.now()}`);
      await virtualAuthenticator(page);
      await openSecurityPage(page, userId);
      await page.getByText('You have no passkeys yet.').waitFor();
      // No empty list beside the words that say there is none.
      expect(await page.getByRole('region', { name: 'Passkeys' }).getByRole('list').count()).toBe(0);
      await expectAccessible(page, 'security page, no passkeys');

      await tabTo(page, 'Add a passkey');
      await page.keyboard.press('Enter');
      await expect.poll(() => passkeyItems(page).count()).toBe(1);
      await expect.poll(() => announced(page)).toBe('The passkey has been added.');
      expect(await focused(page)).toBe('Passkeys');
      expect(await passkeyItems(page).textContent()).toContain('Not used yet');
      await expectAccessible(page, 'security page, one passkey');

      await tabTo(page, 'Rename');
      await page.keyboard.press('Enter');
      const name = page.getByLabel('New name for the passkey');
      await expect.poll(() => name.evaluate((field) => field === document.activeElement)).toBe(true);
      await name.fill('   ');
      await page.keyboard.press('Enter');
      await page.getByText('Enter a name of 1 to 64 characters.').waitFor();
      // Focus stays in the field, so the live region reads what is wrong with it.
      await expect.poll(() => announced(page)).toBe('Enter a name of 1 to 64 characters.');
      await expectAccessible(page, 'security page, renaming with a wrong name');
      // Esc leaves the name as it was, as Cancel does.
      await page.keyboard.press('Escape');
      await expect.poll(() => name.count()).toBe(0);
      expect(await passkeyItems(page).locator('.portal-security__title').textContent()).not.toBe('');
      await tabTo(page, 'Rename');
      await page.keyboard.press('Enter');
      await name.fill('Work laptop');
      await page.keyboard.press('Enter');
      await expect.poll(() => announced(page)).toBe('The passkey has been renamed.');
      expect(await passkeyItems(page).locator('.portal-security__title').textContent()).toBe('Work laptop');
      expect(await focused(page)).toBe('Passkeys');
      // Each button names the passkey in one message around its name.
      await passkeyItems(page).getByRole('button', { name: 'Rename passkey “Work laptop”', exact: true }).waitFor();

      // Remove asks first, in place: the question has focus, Esc leaves it, and focus is back on Remove.
      const question = 'Remove passkey “Work laptop”? You will no longer be able to sign in with it.';
      await tabTo(page, 'Remove');
      expect(await focusedName(page)).toBe('Remove passkey “Work laptop”');
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe(question);
      await passkeyItems(page).getByRole('group', { name: question }).waitFor();
      await expectAccessible(page, 'security page, asking whether to remove a passkey');
      await page.keyboard.press('Escape');
      await expect.poll(() => focusedName(page)).toBe('Remove passkey “Work laptop”');
      expect(await listedPasskeys(page)).toHaveLength(1);
      // And Cancel the same.
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe(question);
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect.poll(() => focusedName(page)).toBe('Remove passkey “Work laptop”');
      expect(await listedPasskeys(page)).toHaveLength(1);
      expect(await passkeyItems(page).count()).toBe(1);

      // Signed in a moment ago: the removal needs no other sign-in.
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe(question);
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('Yes, remove passkey “Work laptop”');
      await page.keyboard.press('Enter');
      await page.getByText('You have no passkeys yet.').waitFor();
      await expect.poll(() => announced(page)).toBe('The passkey has been removed.');
      expect(await focused(page)).toBe('Passkeys');
      expect(await listedPasskeys(page)).toEqual([]);
      await expectAccessible(page, 'security page, passkey removed');
    });
  });

  it('says to sign in again when the service asks for a fresh sign-in to remove one', async () => {
    await withPage(async ({ page }) => {
      const userId = addUser(`e2esecpkold${Date.now()}`);
      await virtualAuthenticator(page);
      await openSecurityPage(page, userId);
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await expect.poll(() => passkeyItems(page).count()).toBe(1);
      // The service's answer to a sign-in older than five minutes (server/src/passkey/passkey.test.ts shows it gives it).
      await page.route('**/sdportal/rest/passkeys/*', (route) =>
        route.request().method() === 'DELETE'
          ? route.fulfill({
              status: 403,
              contentType: 'application/json',
              body: JSON.stringify({ errors: [{ code: 'sign.in.again', message: 'Sign in again.' }] }),
            })
          : route.continue(),
      );
      await page.getByRole('button', { name: /^Remove passkey/ }).click();
      await page.getByRole('button', { name: /^Yes, remove passkey/ }).click();
      await page.getByText(/you must have signed in within the last five minutes/).waitFor();
      // The question is gone with its answer, and focus is back on the button that asked.
      await expect.poll(() => focusedName(page)).toMatch(/^Remove passkey/);
      expect(await page.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe(
        '/public-portal-ui/login-signin-component?cobrandHost=skerrymoor',
      );
      expect(await passkeyItems(page).count()).toBe(1);
      await expectAccessible(page, 'security page, sign in again to remove');
    });
  });
});

describe('security page: trusted devices', () => {
  it('lists this browser and another, and forgets the other', async () => {
    await withPage(async ({ page }) => {
      const userId = addUser(`e2esecdev${Date.now()}`);
      const other = await otherBrowser(chromium.browser(), userId);
      await openSecurityPage(page, userId);
      await expect.poll(() => deviceItems(page).count()).toBe(2);
      expect(await deviceItems(page).filter({ hasText: '(this browser)' }).count()).toBe(1);
      expect(await deviceItems(page).first().textContent()).toContain('First used');
      await expectAccessible(page, 'security page, two trusted devices');

      const others = deviceItems(page).filter({ hasNotText: '(this browser)' });
      const browserName = await others.locator('.portal-security__title').textContent();
      const forget = others.getByRole('button', { name: `Forget device “${browserName}”`, exact: true });
      const question = `Forget device “${browserName}”? Its next sign-in will be treated as one from an unknown device.`;
      // Forget asks first; Cancel leaves the device trusted, focus back on Forget.
      await forget.click();
      await expect.poll(() => focused(page)).toBe(question);
      await expectAccessible(page, 'security page, asking whether to forget a device');
      await others.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect.poll(() => focusedName(page)).toBe(`Forget device “${browserName}”`);
      expect(await deviceItems(page).count()).toBe(2);
      const kept = await other.page.request.get(`${baseUrl()}${Paths.devices}`);
      expect(((await kept.json()) as { devices: { current: boolean }[] }).devices.some((d) => d.current)).toBe(true);

      await forget.click();
      await others.getByRole('button', { name: `Yes, forget device “${browserName}”`, exact: true }).click();
      await expect.poll(() => deviceItems(page).count()).toBe(1);
      await expect.poll(() => announced(page)).toBe('The device is no longer trusted.');
      expect(await focused(page)).toBe('Trusted devices');
      expect(await deviceItems(page).textContent()).toContain('(this browser)');
      await expectAccessible(page, 'security page, one trusted device');

      // The other browser is no longer one of the account's: its own list no longer marks it.
      const seen = await other.page.request.get(`${baseUrl()}${Paths.devices}`);
      const devices = ((await seen.json()) as { devices: { current: boolean }[] }).devices;
      expect(devices.some((device) => device.current)).toBe(false);
      await other.context.close();
    });
  });

  it('forgets the other trusted devices with a password change when asked', async () => {
    await withPage(async ({ page }) => {
      const userId = addUser(`e2esecpw${Date.now()}`);
      const other = await otherBrowser(chromium.browser(), userId);
      await openSecurityPage(page, userId);
      await expect.poll(() => deviceItems(page).count()).toBe(2);

      await page.getByRole('link', { name: 'Change password' }).click();
      await page.getByRole('textbox', { name: 'Current password' }).fill(PASSWORD);
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Changed-Pass-2026x');
      await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Changed-Pass-2026x');
      const forget = page.getByLabel('Also forget my other trusted devices');
      expect(await forget.isChecked()).toBe(false);
      await forget.check();
      await expectAccessible(page, 'change password, forget other devices ticked');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.waitForURL(`**${SECURITY}`);
      await expect.poll(() => deviceItems(page).count()).toBe(1);
      expect(await deviceItems(page).textContent()).toContain('(this browser)');
      await other.context.close();
    });
  });
});
