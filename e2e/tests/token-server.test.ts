/**
 * Token users whose PIN and tokencode the bank's token server checks (RADIUS, a real FreeRADIUS with the test policy
 * of scripts/test-radius/): the same screens as with the portal's own tokens, one test per screen.
 */
import type { Page } from 'playwright-core';
import { describe, inject, it } from 'vitest';
import { addUser, portalAt } from '../support/admin';
import { expectAccessible, signInThroughForm, useChromium } from '../support/browser';

const { withPage } = useChromium();

/** What the test policy's users accept: PIN 2468 and fixed tokencodes. */
const POLICY = {
  radpass: { passcode: '246811111111' },
  radnext: { passcode: '246822222222', nextCode: '33333333' },
  radnewpin: { passcode: '44444444', nextCode: '55555555' },
};

/** A token user of skerrymoor whose token the bank's server holds, named so the policy treats it as `shape`. */
function serverTokenUser(shape: keyof typeof POLICY): string {
  const userId = `${shape}-e2e-${Date.now()}`;
  const dataDir = inject('radiusDataDir');
  addUser(userId, 'skerrymoor', { at: { dataDir } });
  portalAt(dataDir, 'tokens', 'at-server', userId);
  return userId;
}

const signIn = (page: Page, userId: string, password: string) =>
  signInThroughForm(page, 'skerrymoor', userId, password, inject('radiusBaseUrl'));

describe("the bank's token server", () => {
  it('signs in with PIN + tokencode on the sign-in screen, and shows Invalid Login for a wrong one', async () => {
    await withPage(async ({ page }) => {
      const userId = serverTokenUser('radpass');
      await signIn(page, userId, '246800000000');
      await page.locator('.portal-error-summary').getByRole('heading', { name: 'Invalid Login' }).waitFor();
      await expectAccessible(page, 'sign-in refused by the token server');
      await signIn(page, userId, POLICY.radpass.passcode);
      await page.waitForURL('**/sdportal/platform/home?cobrandHost=skerrymoor');
      await page.getByText(`Signed in as ${userId}`).waitFor();
    });
  });

  it('asks for the next tokencode on the next-token screen when the server challenges for it', async () => {
    await withPage(async ({ page }) => {
      const userId = serverTokenUser('radnext');
      await signIn(page, userId, POLICY.radnext.passcode);
      await page.waitForURL('**/public-portal-ui/next-token-component?authn_attempt_id=**');
      await page.getByRole('heading', { name: 'Enter the next passcode' }).waitFor();
      await expectAccessible(page, 'the next-token screen at the token server');
      await page.getByLabel('Next passcode').fill(POLICY.radnext.nextCode);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/sdportal/platform/home?cobrandHost=skerrymoor');
    });
  });

  it('sets a new PIN on the new-PIN screen when the server challenges for one', async () => {
    await withPage(async ({ page }) => {
      const userId = serverTokenUser('radnewpin');
      await signIn(page, userId, POLICY.radnewpin.passcode);
      await page.waitForURL('**/public-portal-ui/new-rsa-pin-component?cobrandHost=skerrymoor');
      await page.getByRole('heading', { name: 'Create a new token PIN' }).waitFor();
      await expectAccessible(page, 'the new-PIN screen at the token server');
      await page.getByLabel('New PIN', { exact: true }).fill('1357');
      await page.getByLabel('Confirm new PIN', { exact: true }).fill('1357');
      await page.getByLabel('Next passcode').fill(POLICY.radnewpin.nextCode);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL('**/logout-component?cobrandHost=skerrymoor');
      await page.getByText('Your new PIN is saved. Next time you sign in, enter your PIN followed by').waitFor();
    });
  });
});
