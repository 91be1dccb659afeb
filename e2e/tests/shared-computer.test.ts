/**
 * Single sign-on at a shared computer, in Chromium through `npm start`'s demo providers: after "Log out" the next
 * person is asked for a password at the provider; a provider user with no portal account is told so and can sign on
 * as someone else; a token user's step after the provider is the passcode step. Every screen is checked by axe.
 */
import { describe, expect, it } from 'vitest';
import { PASSWORD, portal } from '../support/admin';
import { expectAccessible, signInUrl, type TrackedPage, useChromium } from '../support/browser';

const { withPage } = useChromium();
const OIDC_LOGIN = 'http://localhost:4011/interaction/**';
const SAML_LOGIN = 'http://localhost:4012/sso?**';

/** From the cobrand's sign-in page to its provider's login page, signing in there as `user`. */
async function signInAtProvider(page: TrackedPage['page'], cobrand: string, providerPage: string, user: string) {
  await page.goto(signInUrl(cobrand));
  await page.waitForURL(providerPage);
  await signInHere(page, user);
}

async function signInHere(page: TrackedPage['page'], user: string) {
  await page.getByLabel('User name').fill(user);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('single sign-on at a shared computer', () => {
  it.each([
    ['demosso', 'veltmoor', 'OpenID Connect', 'Veltmoor Trust Corporate Card', OIDC_LOGIN],
    ['demosaml', 'kestrelmark', 'SAML', 'Kestrelmark Commercial Card', SAML_LOGIN],
  ])(
    'after %s logs out of %s, the next visit to its sign-in page asks for the password at the %s provider',
    async (user, cobrand, _protocol, appName, providerLogin) => {
      await withPage(async ({ page }) => {
        await signInAtProvider(page, cobrand, providerLogin, user);
        await page.waitForURL(`**/sdportal/platform/home?cobrandHost=${cobrand}`);
        await page.getByRole('link', { name: 'Log out' }).click();
        await page.waitForURL(`**/public-portal-ui/logout-component?cobrandHost=${cobrand}`);
        await page.getByText('You have been logged out.').waitFor();
        const notice = page.locator('.portal-logout__sso');
        await notice.waitFor();
        expect(await notice.textContent()).toBe(
          `On this device, the next sign-in to ${appName} will ask for your details at your organization's sign-in ` +
            "page again. To sign out of your organization's sign-in as well, select “Return to login screen”.",
        );
        await expectAccessible(page, `the logout page after single sign-on (${cobrand})`);

        // The next person at this computer opens the sign-in page: the provider asks for a password.
        await page.goto(signInUrl(cobrand));
        await page.waitForURL(providerLogin);
        await page.getByLabel('User name').waitFor();
        expect(page.url()).not.toContain('/sdportal/platform/home');
      });
    },
  );

  it('tells a provider user with no portal account so, and signs on as someone else with a fresh login', async () => {
    await withPage(async ({ page }) => {
      await signInAtProvider(page, 'veltmoor', OIDC_LOGIN, 'demonoaccount');
      await page.waitForURL('**/public-portal-ui/sso-no-account?cobrandHost=veltmoor');
      await page.getByRole('heading', { level: 1, name: 'No account for this sign-in' }).waitFor();
      await expect.poll(() => page.title()).toBe('No account for this sign-in');
      await page
        .getByText(
          "Your organization's sign-in recognized you, but Veltmoor Trust Corporate Card has no account you can use " +
            'with it.',
        )
        .waitFor();
      await page.getByText('If you should have access, contact your card program administrator.').waitFor();
      // In the portal's shell: the cobrand's footer, and nothing asking to verify what was typed.
      expect(await page.locator('.portal-footer').count()).toBe(1);
      expect(await page.getByText('Invalid Login').count()).toBe(0);
      await expectAccessible(page, 'the page for a sign-on with no portal account');

      await page.getByRole('link', { name: 'Sign in as someone else' }).click();
      // The provider asks for a password again, rather than signing demonoaccount in and coming back here.
      await page.waitForURL(OIDC_LOGIN);
      await signInHere(page, 'demosso');
      await page.waitForURL('**/sdportal/platform/home?cobrandHost=veltmoor');
      await page.getByText('Signed in as demosso').waitFor();
    });
  });

  it("labels a token user's step after the provider as the passcode step, offering nothing for passwords", async () => {
    await withPage(async ({ page }) => {
      await signInAtProvider(page, 'veltmoor', OIDC_LOGIN, 'demossotoken');
      await page.waitForURL('**/login-signin-component?cobrandHost=veltmoor&ssoStep=token&userId=demossotoken');
      await page.getByRole('heading', { level: 1, name: 'Enter your passcode' }).waitFor();
      const passcode = page.getByLabel('Passcode', { exact: true });
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('password');
      expect(await passcode.getAttribute('autocomplete')).toBe('one-time-code');
      expect(await page.locator(`#${await passcode.getAttribute('aria-describedby')}`).textContent()).toBe(
        'Your PIN followed by the code your token shows, with no spaces.',
      );
      expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Forgot your password?' }).count()).toBe(0);
      expect(await page.getByRole('checkbox').count()).toBe(0);
      expect(await page.getByLabel('User ID', { exact: true }).inputValue()).toBe('demossotoken');
      await expectAccessible(page, 'the passcode step after single sign-on');

      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.locator('.portal-error-summary').getByRole('link', { name: 'Passcode is required.' }).waitFor();
      await expectAccessible(page, 'the passcode step with an error');
      await passcode.fill(`2468${portal('tokens', 'code', 'demossotoken').trim()}`);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/sdportal/platform/home?cobrandHost=veltmoor');
    });
  });
});
