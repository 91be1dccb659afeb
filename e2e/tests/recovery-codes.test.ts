/**
 * Recovery codes in Chromium (issue 35): a token user makes a set on the security page, once its question is answered
 * "Yes" (WCAG 3.3.4: a new set voids the old), and a second one asked for and cancelled leaves the first working;
 * then, the token lost, signs in with the sign-in page's "Use a recovery code": user ID, PIN and a code in place of the
 * tokencode. The security page then says nine are left. axe finds nothing on the recovery screen or the section.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, openPage, signInThroughForm, useChromium } from '../support/browser';
import { setNewPin } from '../support/steps.mjs';
import { tokenUser, type TestToken } from '../support/tokens';

const chromium = useChromium();
const { withPage } = chromium;
const HOME = '**/sdportal/platform/home?cobrandHost=skerrymoor';
const SECURITY = '/public-portal-ui/security-component?cobrandHost=skerrymoor';
const PIN = '1357';

/** A new token user with a PIN set through the new-PIN screen, then signed in with PIN + tokencode. */
async function tokenUserSignedIn(page: Page): Promise<TestToken> {
  const token = tokenUser('e2erecovery');
  await signInThroughForm(page, 'skerrymoor', token.userId, token.code(-1));
  await page.waitForURL('**/public-portal-ui/new-rsa-pin-component?cobrandHost=skerrymoor');
  await setNewPin(page, PIN, token.code(0));
  await page.waitForURL('**/public-portal-ui/logout-component?cobrandHost=skerrymoor');
  await signInThroughForm(page, 'skerrymoor', token.userId, `${PIN}${token.code(1)}`);
  await page.waitForURL(HOME);
  return token;
}

const section = (page: Page) => page.getByRole('region', { name: 'Recovery codes' });
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');
const QUESTION = 'Create new recovery codes? The codes you have now will stop working.';

describe('recovery codes', () => {
  it('signs a token user in with PIN and a recovery code instead of the tokencode; nine are left', async () => {
    await withPage(async ({ page }) => {
      const token = await tokenUserSignedIn(page);
      await page.goto(`${baseUrl()}${SECURITY}`);
      await section(page).getByText('Recovery codes left: 0').waitFor();
      const create = section(page).getByRole('button', { name: 'Create new recovery codes', exact: true });
      await create.click();
      await expect.poll(() => focused(page)).toBe(QUESTION);
      await expectAccessible(page, 'security page, asking whether to create recovery codes');
      await section(page).getByRole('button', { name: 'Yes, create new recovery codes' }).click();
      const codes = section(page).getByRole('listitem');
      await expect.poll(() => codes.count()).toBe(10);
      await section(page).getByText('Recovery codes left: 10').waitFor();
      await expectAccessible(page, 'security page, new recovery codes shown');
      const code = (await codes.first().textContent())!.trim();

      // Asked again and cancelled: no new set, focus back on the button; the code signs in below.
      await create.click();
      await expect.poll(() => focused(page)).toBe(QUESTION);
      await section(page).getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => focused(page)).toBe('Create new recovery codes');
      expect((await codes.first().textContent())!.trim()).toBe(code);
      await section(page).getByText('Recovery codes left: 10').waitFor();

      // Another browser, the token lost: the sign-in page's link, then user ID, PIN and the code.
      const { page: other, context, problems } = await openPage(chromium.browser());
      try {
        await other.goto(`${baseUrl()}/public-portal-ui/login-signin-component?cobrandHost=skerrymoor`);
        await other.getByRole('link', { name: 'Use a recovery code' }).click();
        await other.getByRole('heading', { name: 'Sign in with a recovery code' }).waitFor();
        await expect.poll(() => other.title()).toBe('Sign in with a recovery code');
        await expectAccessible(other, 'the recovery-code screen');
        await other.getByLabel('User ID', { exact: true }).fill(token.userId);
        await other.getByLabel('PIN', { exact: true }).fill(PIN);
        await other.getByLabel('Recovery code', { exact: true }).fill(code);
        await other.getByRole('button', { name: 'Sign in', exact: true }).click();
        await other.waitForURL(HOME);
        await other.getByText(`Signed in as ${token.userId}`).waitFor();

        await other.goto(`${baseUrl()}${SECURITY}`);
        await section(other).getByText('Recovery codes left: 9').waitFor();
        await expectAccessible(other, 'security page, nine recovery codes left');
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
