/**
 * The security page's passkeys and trusted devices sections in Chromium (issues 34 and 35): a passkey added there with
 * the virtual authenticator (CDP WebAuthn), renamed and removed, keyboard only; the sign-in-again message when the
 * service asks for a fresh sign-in; a second browser listed as a trusted device and forgotten; the password change's
 * "forget my other trusted devices". axe finds nothing on each state.
 */
import { PASSKEY_SKIP_COOKIE, Paths } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, addUser } from '../support/admin';
import { baseUrl, expectAccessible, openPage, signInThroughForm, useChromium } from '../support/browser';

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

/** A platform authenticator with resident keys and user verification that answers at once. */
async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      ...{ protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true },
      ...{ isUserVerified: true, automaticPresenceSimulation: true },
    },
  });
}

const passkeyItems = (page: Page) => page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem');
const deviceItems = (page: Page) => page.getByRole('region', { name: 'Trusted devices' }).getByRole('listitem');
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');
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

      // Signed in a moment ago: the removal needs no other sign-in.
      await tabTo(page, 'Remove');
      await page.keyboard.press('Enter');
      await page.getByText('You have no passkeys yet.').waitFor();
      await expect.poll(() => announced(page)).toBe('The passkey has been removed.');
      expect(await focused(page)).toBe('Passkeys');
      const listed = await page.request.get(`${baseUrl()}/sdportal/rest/passkeys`);
      expect(((await listed.json()) as { passkeys: unknown[] }).passkeys).toEqual([]);
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
      await page.getByRole('button', { name: /^Remove/ }).click();
      await page.getByText(/you must have signed in within the last five minutes/).waitFor();
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
      await others.getByRole('button', { name: /^Forget device/ }).click();
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
