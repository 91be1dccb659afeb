/** Forgotten and changed passwords in Chromium, with the temporary password read from real mail (§2, §4, §8). */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, addUser, portal } from '../support/admin';
import { baseUrl, expectAccessible, signInThroughForm, signInUrl, useChromium } from '../support/browser';
import { temporaryPasswordIn, waitForMail } from '../support/mailbox';

const chromium = useChromium();
const { withPage } = chromium;

const signIn = (page: Page, userId: string, password: string) =>
  signInThroughForm(page, 'skerrymoor', userId, password);

/** A user who has signed in before and has a security question, as recovery requires (§1). */
async function recoverableUser(page: Page, name: string): Promise<string> {
  const userId = addUser(`${name}${Date.now()}`);
  portal('users', 'set-question', userId, '--question', 'What was your first car?', '--answer', 'Blue Volvo');
  await signIn(page, userId, PASSWORD);
  await page.waitForURL('**/sdportal/platform/home?cobrandHost=skerrymoor');
  await page.goto(`${baseUrl()}/sdportal/logout?cobrandHost=skerrymoor`);
  return userId;
}

async function fillNewPassword(page: Page, current: string, next: string): Promise<void> {
  await page.getByLabel('Current password', { exact: true }).fill(current);
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('Confirm new password', { exact: true }).fill(next);
}

describe('forgotten password', () => {
  it('recovers an account: user ID, question, mail, temporary password, new password, signed in', async () => {
    await withPage(async ({ page }) => {
      const userId = await recoverableUser(page, 'e2erecover');
      await page.goto(signInUrl('skerrymoor'));
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.waitForURL(
        '**/public-portal-ui/forgot-password-component?cobrandHost=skerrymoor&locale=en_US&nwflow=1',
      );
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await expect.poll(() => page.title()).toBe('Forgot password');
      await page.getByLabel('User ID', { exact: true }).fill(userId);
      await expectAccessible(page, 'forgot password, step 1');
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.getByText('What was your first car?').waitFor();
      expect(await page.getByLabel('Answer', { exact: true }).getAttribute('type')).toBe('password');
      await page.getByRole('button', { name: 'Show Answer' }).click();
      expect(await page.getByLabel('Answer', { exact: true }).getAttribute('type')).toBe('text');
      await expectAccessible(page, 'forgot password, step 2');
      await page.getByLabel('Answer', { exact: true }).fill('blue volvo');
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Check your email');
      await expectAccessible(page, 'forgot password, step 3');
      const mail = await waitForMail(`${userId}@example.com`, /temporary password/);
      const temporary = temporaryPasswordIn(mail);

      await page.getByRole('link', { name: 'Return to login' }).click();
      await signIn(page, userId, temporary);
      await page.waitForURL('**/public-portal-ui/change-password-component?ec=0x132120c8&cobrandHost=skerrymoor');
      await page.getByText('Initial Password has expired. Please enter a new password.').waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('old');
      await expectAccessible(page, 'change password after a temporary password');
      await fillNewPassword(page, temporary, 'Northern-Lights-9');
      expect(await page.locator('.portal-rules__item--met').count()).toBe(4);
      await page.getByRole('button', { name: 'Save new password' }).click();
      // Not from the profile (no dest=MyProfile): signed in with the new password, where that sign-in leads (§4).
      await page.waitForURL('**/sdportal/platform/home?cobrandHost=skerrymoor');
      await page.getByText(`Signed in as ${userId}`).waitFor();
      await waitForMail(`${userId}@example.com`, /password was changed/);
    });
  });

  it('shows the required error on the field and cancels back to the cobrand sign-in page', async () => {
    await withPage(async ({ page }) => {
      await page.goto(`${baseUrl()}/public-portal-ui/forgot-password-component?cobrandHost=skerrymoor`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.locator('.portal-error-summary').getByRole('link', { name: 'User ID is required.' }).waitFor();
      await expectAccessible(page, 'forgot password with an error');
      await page.getByRole('link', { name: 'Cancel' }).click();
      await page.waitForURL('**/public-portal-ui/login-signin-component?cobrandHost=skerrymoor');
    });
  });
});

describe('change password', () => {
  it('ticks the four rule lines as the user types, and shows each error on its field', async () => {
    await withPage(async ({ page }) => {
      const userId = addUser(`e2echange${Date.now()}`);
      portal('users', 'expire-password', userId);
      await signIn(page, userId, PASSWORD);
      await page.waitForURL('**/change-password-component?ec=0x13212079&cobrandHost=skerrymoor');
      await page.getByText('Password has expired. Please enter a new password.').waitFor();
      const met = () => page.locator('.portal-rules__item--met').count();
      await page.getByLabel('New password', { exact: true }).fill('short');
      expect(await met()).toBe(2);
      await page.getByLabel('New password', { exact: true }).fill('longenoughpassword');
      expect(await met()).toBe(3);
      await page.getByLabel('New password', { exact: true }).fill('Long-enough-2026');
      expect(await met()).toBe(4);

      await page.getByLabel('Confirm new password', { exact: true }).fill('Long-enough-2027');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.locator('#new2-error').getByText('do not match').waitFor();
      expect(await page.locator('.portal-error-summary').isVisible()).toBe(true);
      await expectAccessible(page, 'change password with errors');

      await fillNewPassword(page, 'Wrong-current-1', 'Long-enough-2026');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.locator('#old-error').getByText('Current Password is invalid').waitFor();
      expect(await page.getByLabel('Current password', { exact: true }).inputValue()).toBe('');
    });
  });

  it('names the rule only the service checks when it refuses, and keeps the current password', async () => {
    await withPage(async ({ page }) => {
      const userId = addUser(`e2ecommon${Date.now()}`);
      portal('users', 'expire-password', userId);
      await signIn(page, userId, PASSWORD);
      await page.waitForURL('**/change-password-component?**');
      const lines = page.locator('.portal-rules__item');
      await lines.first().waitFor();
      expect(await lines.count()).toBe(6);
      // Nothing is met before anything is typed, and the two lines the browser cannot check are never ticked early.
      expect(await page.locator('.portal-rules__item--met').count()).toBe(0);
      expect(await lines.nth(5).innerText()).toContain('checked when you save');

      await fillNewPassword(page, PASSWORD, '123qweasdzxc');
      expect(await page.locator('.portal-rules__item--met').count()).toBe(4);
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.locator('#new1-error').getByText('Many people use this password.').waitFor();
      expect(await lines.nth(5).innerText()).toContain('not met');
      expect(await page.getByLabel('Current password', { exact: true }).inputValue()).toBe(PASSWORD);
      expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe('');

      // Known from breaches (the list shipped with the portal), though not among the most common: its own message.
      await fillNewPassword(page, PASSWORD, 'chickenwing101');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.locator('#new1-error').getByText('This password appears in known data breaches.').waitFor();
      expect(await lines.nth(5).innerText()).toContain('not met');
      await expectAccessible(page, 'change password refused as known from breaches');

      await fillNewPassword(page, PASSWORD, PASSWORD);
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.locator('#new1-error').getByText('You have used this password recently.').waitFor();
      await expectAccessible(page, 'change password refused by the history rule');
    });
  });

  it('shows the error an ec code carries on its field at load', async () => {
    await withPage(async ({ page }) => {
      const userId = addUser(`e2eec${Date.now()}`);
      portal('users', 'expire-password', userId);
      await signIn(page, userId, PASSWORD);
      await page.waitForURL('**/change-password-component?ec=0x13212079&cobrandHost=skerrymoor');
      await page.goto(`${baseUrl()}/public-portal-ui/change-password-component?ec=0x38cf07ec&cobrandHost=skerrymoor`);
      await page.locator('#new2-error').getByText('do not match').waitFor();
    });
  });

  it('changes a password from the signed-in page (dest=MyProfile) and goes to the profile, still signed in', async () => {
    await withPage(async ({ page }) => {
      const userId = addUser(`e2eprofile${Date.now()}`);
      await signIn(page, userId, PASSWORD);
      await page.waitForURL('**/sdportal/platform/home?cobrandHost=skerrymoor');
      await page.getByRole('link', { name: 'Change password' }).click();
      await page.waitForURL('**/change-password-component?cobrandHost=skerrymoor&dest=MyProfile');
      await fillNewPassword(page, PASSWORD, 'Profile-Change-2026');
      await page.getByRole('button', { name: 'Save new password' }).click();
      // The profile (MyProfile's destination) is the security page: this session, the only one left.
      await page.waitForURL('**/public-portal-ui/security-component?cobrandHost=skerrymoor');
      await page.getByText('(this session)').waitFor();
    });
  });
});
