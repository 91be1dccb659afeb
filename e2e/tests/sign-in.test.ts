/** The sign-in journey in Chromium: every state of the sign-in screen, by mouse and by keyboard, checked by axe. */
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, addUser, portal } from '../support/admin';
import { baseUrl, expectAccessible, signInUrl, type TrackedPage, useChromium } from '../support/browser';

const chromium = useChromium();
const { withPage } = chromium;

async function submit(page: TrackedPage['page'], userId: string, password: string, button = 'Sign in') {
  await page.getByLabel('User ID', { exact: true }).fill(userId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: button, exact: true }).click();
}

/** From the cobrand's sign-in page to its identity provider's login page, signing in there as `user`. */
async function signInAtProvider(page: TrackedPage['page'], cobrand: string, providerPage: string, user: string) {
  await page.goto(signInUrl(cobrand));
  await page.waitForURL(providerPage);
  await page.getByLabel('User name').fill(user);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('sign-in screen', () => {
  it("shows the cobrand's heading, logo, links, footer and language choice, and passes axe", async () => {
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('skerrymoor'));
      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.textContent()).toBe('Sign in to Skerrymoor Bank Commercial Card');
      await expect.poll(() => page.title()).toBe('Sign in to Skerrymoor Bank Commercial Card');
      expect(await page.getByRole('img', { name: 'Skerrymoor Bank Commercial Card logo' }).getAttribute('src')).toMatch(
        /^\/sdportal\/cobrands\/skerrymoor\/logo\.jpg\?v=[\w-]{16}$/,
      );
      await expect.poll(() => page.getByText('All fields are required.').isVisible()).toBe(true);
      const forgot = await page.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href');
      expect(forgot).toBe('/sdportal/forgotPassword.view?cobrandHost=skerrymoor&locale=en_US&nwflow=1');
      expect(await page.getByRole('link', { name: 'Company self-registration' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Apply for a new card account' }).getAttribute('href')).toBe(
        '/sdram/prospectiveaccountcontroller/newAccountApplicationRequestForm.view?cobrandHost=skerrymoor&locale=en_US',
      );
      const footerLinks = page.locator('.portal-footer__link');
      expect(await footerLinks.allTextContents()).toEqual([
        'Privacy Policy',
        'Terms of Use',
        'Cookie Notice',
        'Security',
        'Accessibility',
        'Program Manager',
        'Skerrymoor Group',
        'Disclaimer',
      ]);
      expect(await page.getByRole('link', { name: 'Cookie Notice' }).getAttribute('href')).toBe(
        'https://www.skerrymoor.example/cookies',
      );
      expect(await page.locator('.portal-footer__authorization-text').textContent()).toBe(
        'This system is for authorized users only. Activity may be monitored and recorded.',
      );
      expect(await page.getByRole('img', { name: 'Sentrel Access Assurance logo' }).getAttribute('src')).toMatch(
        /^\/sdportal\/footers\/assets\/warning-shield\.png\?v=[\w-]{16}$/,
      );
      expect(await page.locator('.portal-footer__powered-by').innerText()).toContain(
        'Powered by Card and Expense Platform',
      );
      expect(await page.getByRole('img', { name: 'Card and Expense Platform logo' }).getAttribute('src')).toMatch(
        /^\/sdportal\/footers\/assets\/powered-light\.png\?v=[\w-]{16}$/,
      );
      expect(await page.getByLabel('Language').inputValue()).toBe('en_US');
      const brand = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--portal-primitive-brand').trim(),
      );
      expect(brand).toBe('#0b3954');
      await expectAccessible(page, 'the sign-in page');
    });
  });

  it('hides the self-registration and application links for a cobrand without them and uses its own button label', async () => {
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('larchmere'));
      await page.getByRole('heading', { name: 'Welcome to Larchmere Credit Union Spend Manager' }).waitFor();
      expect(await page.getByRole('link', { name: 'Company self-registration' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Apply for a new card account' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Cardholder self-registration' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Log in securely' }).count()).toBe(1);
      // The cobrand's first language is en_GB: the locale cookie is set to it (§4).
      expect(await page.getByLabel('Language').inputValue()).toBe('en_GB');
      await expectAccessible(page, 'the larchmere sign-in page');
    });
  });

  it('lists each empty field in the error summary, focuses the summary, and links focus the fields', async () => {
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('skerrymoor'));
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const summary = page.locator('.portal-error-summary');
      await summary.waitFor();
      expect(await summary.getByRole('heading').textContent()).toBe('There are 2 problems');
      expect(await summary.getByRole('link').allTextContents()).toEqual([
        'User ID is required.',
        'Password is required.',
      ]);
      expect(await page.evaluate(() => document.activeElement?.className)).toContain('portal-error-summary');
      await expect.poll(() => page.title()).toBe('Error: Sign in to Skerrymoor Bank Commercial Card');
      expect(await page.getByLabel('User ID', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel('User ID', { exact: true }).getAttribute('aria-describedby')).toBe('userId-error');
      expect(await page.locator('#userId-error').textContent()).toBe('Error: This field is required.');
      await expectAccessible(page, 'the sign-in page with errors');
      await summary.getByRole('link', { name: 'Password is required.' }).click();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('password');
      await page.getByLabel('User ID', { exact: true }).fill('someone');
      await page.getByLabel('Password', { exact: true }).fill('x');
      expect(await summary.getByRole('link').count()).toBe(0);
    });
  });

  it('shows the required error on leaving a field the user emptied', async () => {
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('skerrymoor'));
      await page.getByLabel('User ID', { exact: true }).fill('x');
      await page.getByLabel('User ID', { exact: true }).fill('');
      await page.keyboard.press('Tab');
      await page.locator('#userId-error').waitFor();
      expect(await page.locator('#password-error').count()).toBe(0);
      expect(await page.locator('.portal-error-summary').count()).toBe(0);
    });
  });

  it('signs a password user in with the keyboard alone and lands on the signed-in page', async () => {
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('skerrymoor'));
      await page.getByRole('heading', { level: 1 }).waitFor();
      // The cursor starts in User ID; the skip link is the one place before it.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('userId');
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('portal-skip-link');
      await page.keyboard.press('Tab');
      await page.keyboard.type('  demopass  ');
      await page.keyboard.press('Tab');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Show');
      await page.keyboard.press('Enter');
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
      await page.keyboard.press('Enter');
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
      await page.keyboard.press('Tab');
      await Promise.all([
        page.waitForURL('**/sdportal/platform/home?cobrandHost=skerrymoor'),
        page.keyboard.press('Enter'),
      ]);
      await page.getByText('Signed in as demopass').waitFor();
      await expect.poll(() => page.title()).toBe('Signed in');
      await expectAccessible(page, 'the signed-in page');
    });
  });

  it('shows Invalid Login and clears both fields for a wrong password, an unknown user, a locked and an inactive user', async () => {
    await withPage(async ({ page }) => {
      const refusals: [string, string][] = [
        ['demopass', 'not-the-password'],
        ['nobody-at-all', PASSWORD],
        ['demolocked', PASSWORD],
        ['demoinactive', PASSWORD],
      ];
      const texts: string[] = [];
      for (const [userId, password] of refusals) {
        await page.goto(signInUrl('skerrymoor'));
        await submit(page, userId, password);
        const summary = page.locator('.portal-error-summary');
        await summary.waitFor();
        texts.push(await summary.innerText());
        expect(await page.getByLabel('User ID', { exact: true }).inputValue()).toBe('');
        expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
        expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isEnabled()).toBe(true);
      }
      expect(texts[0]).toContain('Invalid Login');
      expect(texts[0]).toContain('Please verify your information and try again.');
      // Said once, as the summary's heading; the link below it does not repeat it.
      expect((texts[0] ?? '').split('Invalid Login')).toHaveLength(2);
      expect(await page.locator('.portal-error-summary__link').textContent()).toBe(
        'Please verify your information and try again.',
      );
      expect(new Set(texts).size).toBe(1);
      await expectAccessible(page, 'the sign-in page after an invalid login');
    });
  });

  it("signs an imported user in on their bank's page, which the page names to the service, and not on another's", async () => {
    // A user of larchmere as the old directory held them: a pbkdf2-sha256 hash, checked only on larchmere's page.
    const salt = randomBytes(16);
    const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
    const passwordHash = `$pbkdf2-sha256$i=20000$${b64(salt)}$${b64(pbkdf2Sync(PASSWORD, salt, 20_000, 32, 'sha256'))}`;
    const file = join(inject('dataDir'), 'larchmere-import.jsonl');
    const userId = 'imported-larch';
    writeFileSync(
      file,
      `${JSON.stringify({ userId, email: 'larch@example.com', cobrand: 'larchmere', passwordHash })}\n`,
    );
    expect(portal('users', 'import', '--file', file)).toContain('Imported 1 users; 0 lines refused.');
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('skerrymoor'));
      await submit(page, userId, PASSWORD);
      await expect.poll(() => page.locator('.portal-error-summary').innerText()).toContain('Invalid Login');
      await page.goto(signInUrl('larchmere'));
      await Promise.all([
        page.waitForURL('**/sdportal/platform/home?cobrandHost=larchmere'),
        submit(page, userId, PASSWORD, 'Log in securely'),
      ]);
      await page.getByText(`Signed in as ${userId}`).waitFor();
    });
  });

  it('shows the invalid-login error at load when invalidLogin=true', async () => {
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('skerrymoor', '&invalidLogin=true'));
      await page.locator('.portal-error-summary').getByRole('heading', { name: 'Invalid Login' }).waitFor();
    });
  });

  it('locks the account on the sixth wrong password; the right password is refused until an administrator unlocks it', async () => {
    const userId = addUser(`e2elock${Date.now()}`);
    await withPage(async ({ page }) => {
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        await page.goto(signInUrl('skerrymoor'));
        await submit(page, userId, `wrong-${attempt}`);
        await page.locator('.portal-error-summary').waitFor();
      }
      await page.goto(signInUrl('skerrymoor'));
      await submit(page, userId, PASSWORD);
      await page.locator('.portal-error-summary').getByRole('heading', { name: 'Invalid Login' }).waitFor();
      expect(portal('users', 'list')).toMatch(new RegExp(`${userId}\\s+locked`));
      portal('users', 'unlock', userId);
      await page.goto(signInUrl('skerrymoor'));
      await submit(page, userId, PASSWORD);
      await page.waitForURL('**/sdportal/platform/home?cobrandHost=skerrymoor');
    });
  });

  it('sends a user whose password expired to the change-password route', async () => {
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('skerrymoor'));
      await submit(page, 'demoexpired', PASSWORD);
      await page.waitForURL('**/public-portal-ui/change-password-component?ec=0x13212079&cobrandHost=skerrymoor');
      await page.getByRole('heading', { name: 'Create a new password' }).waitFor();
      await page.getByText('Password has expired. Please enter a new password.').waitFor();
    });
  });

  it('signs an SSO user in at the OpenID provider, and logs them out there too', async () => {
    await withPage(async ({ page, context }) => {
      await signInAtProvider(page, 'veltmoor', 'http://localhost:4011/interaction/**', 'demosso');
      await page.waitForURL('**/sdportal/platform/home?cobrandHost=veltmoor');
      expect((await context.cookies()).find((c) => c.name === 'sso_user')?.value).toBe('1');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectAccessible(page, 'the signed-in page after single sign-on');
      await page.getByRole('link', { name: /log out/i }).click();
      await page.waitForURL('**/logout-component?**');
      // §2: an SSO session's logout screen shows its button only because the return link is a federated logout.
      await page.getByRole('link', { name: 'Return to login screen' }).click();
      await page.waitForURL('http://localhost:4011/session/end**');
      await page.getByRole('button', { name: /yes/i }).click();
      // Back at sign-in, which goes to the provider again: its session has ended, so it asks for the password.
      await page.waitForURL('http://localhost:4011/interaction/**');
      await page.getByLabel('User name').waitFor();
    });
  });

  it('signs an SSO user in at the SAML provider', async () => {
    await withPage(async ({ page }) => {
      await signInAtProvider(page, 'kestrelmark', 'http://localhost:4012/sso?**', 'demosaml');
      await page.waitForURL('**/sdportal/platform/home?cobrandHost=kestrelmark');
    });
  });

  it('shows a refused single sign-on as an invalid login, without going round again', async () => {
    await withPage(async ({ page }) => {
      // Where the service sends a sign-on it refused before anyone was signed in (a provider user with no portal
      // account has a page of its own: shared-computer.test.ts).
      await page.goto(signInUrl('veltmoor', '&invalidLogin=true'));
      await page.getByRole('heading', { name: 'Invalid Login' }).waitFor();
      await page.waitForTimeout(300);
      expect(page.url()).toContain('invalidLogin=true');
      await expectAccessible(page, 'a refused single sign-on');
      expect(await page.getByRole('link', { name: 'Return to sign in' }).getAttribute('href')).toBe(
        '/sdportal/sso/veltmoor/start',
      );
    });
  });

  it('uses the default brand and footer for an unknown cobrand', async () => {
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('no-such-bank'));
      await page.getByRole('heading', { name: 'Sign in to Card and Expense Platform' }).waitFor();
      expect(
        await page
          .locator('.portal-footer__link')
          .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')])),
      ).toEqual([['Privacy policy', 'https://platform.example/privacy']]);
      expect(await page.locator('.portal-footer__copyright').textContent()).toContain('Card and Expense Platform');
      expect(await page.locator('.portal-footer img, .portal-footer__message').count()).toBe(0);
    });
  });
});

describe('logout', () => {
  it('logs out from the signed-in page, confirms it, and the return button leads back to sign-in', async () => {
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('skerrymoor'));
      await submit(page, 'demopass', PASSWORD);
      await page.waitForURL('**/sdportal/platform/home?cobrandHost=skerrymoor');
      await page.getByRole('link', { name: 'Log out' }).click();
      await page.waitForURL('**/public-portal-ui/logout-component?cobrandHost=skerrymoor');
      await page.getByText('You have been logged out.').waitFor();
      await expect.poll(() => page.title()).toBe('Logged out');
      await expectAccessible(page, 'the logout page');
      await page.goto(`${baseUrl()}/sdportal/platform/home?cobrandHost=skerrymoor`);
      await page.waitForURL('**/public-portal-ui/login-signin-component?cobrandHost=skerrymoor');
      await page.goto(`${baseUrl()}/public-portal-ui/logout-component?cobrandHost=skerrymoor`);
      await page.getByRole('link', { name: 'Return to login screen' }).click();
      await page.waitForURL('**/public-portal-ui/login-signin-component?cobrandHost=skerrymoor');
    });
  });

  it('asks before a logout started by a link on another site, and logs out only when the user says so', async () => {
    // Another site: a page on 127.0.0.1 (the portal is on localhost) with a link to the logout address.
    const logoutLink = `${baseUrl()}/sdportal/logout?cobrandHost=skerrymoor`;
    const otherSite = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(
        `<!doctype html><html lang="en"><title>Elsewhere</title><a href="${logoutLink}">Win a prize</a></html>`,
      );
    });
    await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
    try {
      await withPage(async ({ page }) => {
        await page.goto(signInUrl('skerrymoor'));
        await submit(page, 'demopass', PASSWORD);
        await page.waitForURL('**/sdportal/platform/home?cobrandHost=skerrymoor');
        const sessionStatus = () => page.evaluate(async () => (await fetch('/sdportal/rest/session')).status);

        await page.goto(`http://127.0.0.1:${(otherSite.address() as AddressInfo).port}/`);
        await page.getByRole('link', { name: 'Win a prize' }).click();
        await page.waitForURL('**/public-portal-ui/logout-component?cobrandHost=skerrymoor&confirm=1');
        await page.getByRole('heading', { name: 'Do you want to log out?' }).waitFor();
        await expect.poll(() => page.title()).toBe('Do you want to log out?');
        expect(await page.getByText('You have been logged out.').count()).toBe(0);
        expect(await sessionStatus()).toBe(200);
        await expectAccessible(page, 'the logout question');

        await page.getByRole('button', { name: 'Log out' }).click();
        await page.getByText('You have been logged out.').waitFor();
        expect(await sessionStatus()).toBe(401);
        expect(page.url()).toBe(`${baseUrl()}/public-portal-ui/logout-component?cobrandHost=skerrymoor`);
        await expect.poll(() => page.title()).toBe('Logged out');
        await expectAccessible(page, 'the logout page after the question');
      });
    } finally {
      await new Promise((resolve) => otherSite.close(resolve));
    }
  });

  it('sends an unknown address to the logout address in production, ending the session', async () => {
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('skerrymoor'));
      await submit(page, 'demopass', PASSWORD);
      await page.waitForURL('**/sdportal/platform/home?cobrandHost=skerrymoor');
      await page.goto(`${baseUrl()}/public-portal-ui/no-such-screen`);
      await page.waitForURL('**/public-portal-ui/logout-component?cobrandHost=skerrymoor');
      const session = await page.evaluate(async () => (await fetch('/sdportal/rest/session')).status);
      expect(session).toBe(401);
    });
  });
});
