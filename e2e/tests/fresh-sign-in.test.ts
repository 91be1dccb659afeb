/**
 * A change to how the user signs in from a session signed in long ago (ASVS 5.0 7.5.1), in Chromium with its virtual
 * authenticator: the security page asks the user to sign in again, its link goes through the sign-in page and back to
 * the section the user was in, focus on its heading, and the change then goes through. axe finds nothing on each
 * state. The session's sign-in is moved six minutes back in the service's database (support/sessions.ts), as waiting
 * with the page's ping would leave it.
 */
import { PASSKEY_SKIP_COOKIE } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, addUser } from '../support/admin';
import { baseUrl, expectAccessible, useChromium } from '../support/browser';
import { signedInEarlier } from '../support/sessions';

const chromium = useChromium();
const SECURITY = '/public-portal-ui/security-component?cobrandHost=skerrymoor';

/** A platform authenticator with resident keys and user verification that answers at once; its credentials. */
async function virtualAuthenticator(page: Page): Promise<() => Promise<unknown[]>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      ...{ protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true },
      ...{ isUserVerified: true, automaticPresenceSimulation: true },
    },
  });
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}

/** Signs in on the sign-in page the browser is on, as a user would. */
async function signInHere(page: Page, userId: string): Promise<void> {
  await page.getByLabel('User ID', { exact: true }).fill(userId);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const passkeyItems = (page: Page) => page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem');
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');
const announced = (page: Page) => page.locator('#portal-announcer').textContent();

describe('a change to how the user signs in, from a session signed in long ago', () => {
  it('asks to sign in again to add a passkey, comes back to the passkeys section, and adds it there', async () => {
    await chromium.withPage(async ({ page }) => {
      const userId = addUser(`e2efresh${Date.now()}`);
      const credentials = await virtualAuthenticator(page);
      await page.context().addCookies([{ name: PASSKEY_SKIP_COOKIE, value: '1', url: baseUrl() }]);
      await page.goto(`${baseUrl()}/public-portal-ui/login-signin-component?cobrandHost=skerrymoor`);
      await signInHere(page, userId);
      await page.waitForURL('**/sdportal/platform/home?cobrandHost=skerrymoor');
      await page.goto(`${baseUrl()}${SECURITY}`);
      await page.getByText('You have no passkeys yet.').waitFor();

      // Signed in six minutes ago, the session kept alive: the service asks for a fresh sign-in and adds nothing.
      signedInEarlier(userId, 6);
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      const asked = 'To change how you sign in, you must have signed in within the last five minutes.';
      await page.getByText(asked).waitFor();
      await expect.poll(() => announced(page)).toContain(asked);
      expect(await passkeyItems(page).count()).toBe(0);
      expect(await credentials()).toEqual([]);
      await expectAccessible(page, 'security page, asked to sign in again to add a passkey');

      // The link, by the keyboard: the sign-in page, then back to the passkeys section, its heading focused.
      await page.getByRole('link', { name: 'Sign in again' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/public-portal-ui/login-signin-component?cobrandHost=skerrymoor');
      await signInHere(page, userId);
      await page.waitForURL(`**${SECURITY}#security-passkeys`);
      await expect.poll(() => focused(page)).toBe('Passkeys');
      expect(await page.getByText(asked).count()).toBe(0);
      await expectAccessible(page, 'security page, back after signing in again');

      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await expect.poll(() => passkeyItems(page).count()).toBe(1);
      await expect.poll(() => announced(page)).toBe('The passkey has been added.');
      expect(await credentials()).toHaveLength(1);

      // Back on the page, the way back is spent: the next sign-in goes to the platform as usual.
      const cookies = await page.context().cookies(baseUrl());
      expect(cookies.map((cookie) => cookie.name)).not.toContain('sign-in-return');
    });
  });
});
