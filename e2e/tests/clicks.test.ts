/**
 * Every click counts (§5's blur checks never move what the pointer is on before the click lands), the cursor starts
 * in the first field, and a field shows an error only for what the user did: real mouse presses in Chromium.
 */
import { describe, expect, it } from 'vitest';
import { PASSWORD, addUser, portal } from '../support/admin';
import { baseUrl, expectAccessible, signInThroughForm, signInUrl, useChromium } from '../support/browser';

const chromium = useChromium();
const { withPage } = chromium;
const activeId = (page: Parameters<Parameters<typeof withPage>[0]>[0]['page']) =>
  page.evaluate(() => document.activeElement?.id);

describe('every click counts', () => {
  it('follows "Forgot your password?" at the first click after the user clicked into User ID', async () => {
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('skerrymoor'));
      await expect.poll(() => activeId(page)).toBe('userId');
      await page.getByLabel('Password', { exact: true }).click();
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.waitForURL('**/forgot-password-component?**');
      await expect.poll(() => activeId(page)).toBe('userId');
    });
  });

  it('still shows the required error once a click that did not leave the page has landed', async () => {
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('skerrymoor'));
      await page.getByLabel('User ID', { exact: true }).click();
      await page.keyboard.type('x');
      await page.keyboard.press('Backspace');
      await page.getByRole('heading', { level: 1 }).click();
      await page.locator('#userId-error').waitFor();
      expect(await page.locator('#password-error').count()).toBe(0);
    });
  });

  it('cancels a password change at the first click, with the cursor in the current password', async () => {
    await withPage(async ({ page }) => {
      const userId = addUser(`e2ecancel${Date.now()}`);
      portal('users', 'expire-password', userId);
      await signInThroughForm(page, 'skerrymoor', userId, PASSWORD);
      await page.waitForURL('**/change-password-component?**');
      await expect.poll(() => activeId(page)).toBe('old');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL((url) => !url.pathname.includes('change-password-component'));
    });
  });

  it('does not call the emptied password "required" after a refused sign-in sent with Enter', async () => {
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('skerrymoor'));
      await page.getByLabel('User ID', { exact: true }).fill(addUser(`e2eenter${Date.now()}`));
      await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
      await page.keyboard.press('Enter');
      await page.locator('.portal-error-summary').getByRole('heading', { name: 'Invalid Login' }).waitFor();
      await expect.poll(() => activeId(page)).not.toBe('password');
      expect(await page.locator('#password-error').count()).toBe(0);
      expect(await page.locator('.portal-error-summary li').allTextContents()).not.toContain('Password is required.');
      // The summary is a named group, and the fields say they are required.
      expect(await page.getByRole('group', { name: 'Invalid Login' }).count()).toBe(1);
      expect(
        await page.getByLabel('User ID', { exact: true }).evaluate((input: HTMLInputElement) => input.required),
      ).toBe(true);
    });
  });

  it('announces each field the user emptied and tabbed out of, as its error shows', async () => {
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('skerrymoor', '&locale=en_US'));
      await expect.poll(() => activeId(page)).toBe('userId');
      const region = page.locator('[aria-live="polite"]#portal-announcer');
      expect(await region.textContent()).toBe('');
      await page.keyboard.type('x');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Tab');
      await page.locator('#userId-error').waitFor();
      await expect.poll(() => region.textContent()).toBe('User ID is required.');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.type('someone');
      await page.keyboard.press('Tab');
      await page.keyboard.type('p');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Tab');
      await page.locator('#password-error').waitFor();
      await expect.poll(() => region.textContent()).toBe('Password is required.');
      await expectAccessible(page, 'sign-in after tabbing through empty fields');
    });
  });

  it('starts the forgot-password screen in its User ID field', async () => {
    await withPage(async ({ page }) => {
      await page.goto(`${baseUrl()}/public-portal-ui/forgot-password-component?cobrandHost=skerrymoor`);
      await expect.poll(() => activeId(page)).toBe('userId');
    });
  });
});

describe('every link goes somewhere', () => {
  it.each([
    ['skerrymoor', 'Company self-registration', 'Company self-registration'],
    ['skerrymoor', 'Cardholder self-registration', 'Cardholder self-registration'],
    ['skerrymoor', 'Apply for a new card account', 'Apply for a new card account'],
    ['yarrowby', 'Cookie Notice', 'Cookie notice'],
  ])('%s: "%s" opens a page that says what happens there and leads back', async (cobrand, link, heading) => {
    await withPage(async ({ page }) => {
      await page.goto(signInUrl(cobrand, '&locale=en_GB'));
      await page.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // The heading comes with the page; the title once its script runs.
      await expect.poll(() => page.title()).toBe(heading);
      expect(await page.locator('body').innerText()).not.toContain('logged out');
      await expectAccessible(page, `the stand-in page for ${link}`);
      await page.getByRole('link', { name: 'Return to sign in' }).click();
      await page.waitForURL('**/login-signin-component?**');
      await page.locator('.portal-signin__submit').waitFor();
    });
  });
});

describe('what each control is called', () => {
  it('names every show/hide button after its own field, and says which field is hidden', async () => {
    await withPage(async ({ page }) => {
      const userId = addUser(`e2etoggle${Date.now()}`);
      portal('users', 'expire-password', userId);
      await signInThroughForm(page, 'skerrymoor', userId, PASSWORD);
      await page.waitForURL('**/change-password-component?**');
      for (const label of ['Current password', 'New password', 'Confirm new password'])
        await page.getByRole('button', { name: `Show ${label}`, exact: true }).waitFor();
      await page.getByRole('button', { name: 'Show New password', exact: true }).click();
      await page.getByRole('button', { name: 'Hide New password', exact: true }).waitFor();
      expect(await page.getByText('New password is shown').count()).toBe(1);
    });
  });
});

describe('nothing typed is lost', () => {
  it("waits with §2's 30-minute reload while a field holds something, and reloads once it is empty", async () => {
    const context = await chromium.browser().newContext();
    await context.clock.install();
    const page = await context.newPage();
    await page.goto(signInUrl('skerrymoor', '&locale=en_US'));
    await page.getByLabel('User ID', { exact: true }).fill('half-typed');
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.clock.fastForward('31:00');
    expect(loads).toBe(0);
    expect(await page.getByLabel('User ID', { exact: true }).inputValue()).toBe('half-typed');
    await page.getByLabel('User ID', { exact: true }).fill('');
    await Promise.all([page.waitForEvent('load'), page.clock.fastForward('01:01')]);
    await context.close();
  });
});

describe('the build', () => {
  it('tells its version in /healthz, and nowhere on a public page', async () => {
    const { version } = (await (await fetch(`${baseUrl()}/healthz`)).json()) as { version: string };
    expect(version).toMatch(/^\d+\.\d+\.\d+(\+[0-9a-f]{7,})?$/);
    await withPage(async ({ page }) => {
      await page.goto(signInUrl('skerrymoor', '&locale=en_US'));
      await page.locator('.portal-signin__submit').waitFor();
      expect(await page.content()).not.toContain(version);
    });
  });
});

describe('failures the user cannot fix', () => {
  it('reports a failed forgot-password call through the error-log call, as the PIN and password calls do', async () => {
    await withPage(async ({ page }) => {
      await page.route('**/cpae/public/users/securityquestions**', (route) => route.fulfill({ status: 503, body: '' }));
      const logged: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/sdportal/rest/log/logErrorStatement.json')) logged.push(request.postData() ?? '');
      });
      await page.goto(`${baseUrl()}/public-portal-ui/forgot-password-component?cobrandHost=skerrymoor&locale=en_US`);
      await page.getByLabel('User ID', { exact: true }).fill('someone');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => logged.length).toBe(1);
      expect(logged[0]).toContain('forgot password (userId) failed: HTTP 503');
    });
  });
});

describe('the remembered user ID (§3 user_id cookie)', () => {
  it('is off by default, kept 90 days when ticked, fills User ID next time, and goes when unticked', async () => {
    await withPage(async ({ page, context }) => {
      const userId = addUser(`e2eremember${Date.now()}`);
      const cookie = async () => (await context.cookies()).find((c) => c.name === 'user_id');
      await signInThroughForm(page, 'skerrymoor', userId, PASSWORD);
      await page.waitForURL('**/sdportal/platform/home?**');
      expect(await cookie()).toBeUndefined();

      await page.goto(signInUrl('skerrymoor', '&locale=en_US'));
      expect(await page.getByLabel('Remember my user ID on this device').isChecked()).toBe(false);
      await page.getByLabel('User ID', { exact: true }).fill(userId);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Remember my user ID on this device').check();
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/sdportal/platform/home?**');
      expect((await cookie())?.value).toBe(userId);
      expect((await cookie())!.expires - Date.now() / 1000).toBeGreaterThan(89 * 24 * 3600);

      await page.goto(signInUrl('skerrymoor', '&locale=en_US'));
      await page.locator('.portal-signin__submit').waitFor();
      expect(await page.getByLabel('User ID', { exact: true }).inputValue()).toBe(userId);
      expect(await page.getByLabel('Remember my user ID on this device').isChecked()).toBe(true);
      await expect.poll(() => activeId(page)).toBe('password');
      await expectAccessible(page, 'sign-in with a remembered user ID');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Remember my user ID on this device').uncheck();
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/sdportal/platform/home?**');
      expect(await cookie()).toBeUndefined();
    });
  });
});
