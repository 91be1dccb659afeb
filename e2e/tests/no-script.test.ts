/**
 * Issue 33: the sign-in form without the page's script, in Chromium with JavaScript off, and with the script held
 * back while the user signs in. The form posts natively; the service answers as the script would have ended.
 */
import type { Browser, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, addUser, portal } from '../support/admin';
import { expectAccessible, openPage, signInUrl, useChromium } from '../support/browser';
import { temporaryPasswordIn, waitForMail } from '../support/mailbox';
import { tokenUser } from '../support/tokens';

const chromium = useChromium();
const HOME = '**/sdportal/platform/home?cobrandHost=skerrymoor';

/** A browser context without JavaScript: the page's scripts never run (page.evaluate, for axe, still does). */
async function withoutScript(run: (page: Page) => Promise<void>, browser: Browser = chromium.browser()) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1024, height: 900 } });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * axe on a page as the service answered it: axe is a script, which a context without JavaScript cannot run, so the
 * same HTML is opened at its address in another context, with the page's own scripts refused.
 */
async function expectAccessibleAsAnswered(answer: Response | null, label: string): Promise<void> {
  // What a browser without scripts reads inside <noscript> (the page's no-script stylesheet) applies here too.
  const html = (await answer!.text()).replace(/<noscript>([\s\S]*?)<\/noscript>/g, '$1');
  const context = await chromium.browser().newContext({ viewport: { width: 1024, height: 900 } });
  try {
    const page = await context.newPage();
    await page.route('**/public-portal-ui/static/*.js', (route) => route.abort());
    await page.route(answer!.url(), (route) => route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }));
    await page.goto(answer!.url());
    await expectAccessible(page, label);
  } finally {
    await context.close();
  }
}

/** The answer to the form's native post, as the browser receives it. */
const postAnswer = (page: Page) => page.waitForResponse((response) => response.request().method() === 'POST');

/** Signed in: the session cookie is set (the home page shows the user only with its script). */
async function expectSignedIn(page: Page): Promise<void> {
  await page.waitForURL(HOME);
  const cookies = await page.context().cookies();
  expect(cookies.some((cookie) => /portal-session$/.test(cookie.name))).toBe(true);
}

async function submit(page: Page, userId: string, password: string): Promise<void> {
  await page.getByLabel('User ID', { exact: true }).fill(userId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('sign-in without the script', () => {
  it('signs a password user in, from a page with the button enabled and no show/hide toggle; axe clean', async () => {
    const userId = addUser(`e2enojs${Date.now()}`);
    await withoutScript(async (page) => {
      const opened = await page.goto(signInUrl('skerrymoor'));
      expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isEnabled()).toBe(true);
      expect(await page.getByRole('button', { name: /show password/i }).count()).toBe(0);
      await expectAccessibleAsAnswered(opened, 'the sign-in page without the script');
      await page.getByLabel('Remember my user ID on this device').check();
      await submit(page, userId, PASSWORD);
      await expectSignedIn(page);
      // The next sign-in page comes with the user ID written in.
      await page.goto(signInUrl('skerrymoor'));
      expect(await page.getByLabel('User ID', { exact: true }).inputValue()).toBe(userId);
      expect(await page.getByLabel('Remember my user ID on this device').isChecked()).toBe(true);
    });
  });

  it('shows the error summary for a wrong password, then signs in from that page; axe clean', async () => {
    const userId = addUser(`e2enojsbad${Date.now()}`);
    await withoutScript(async (page) => {
      await page.goto(signInUrl('skerrymoor'));
      let answered = postAnswer(page);
      await submit(page, userId, 'Not-The-Password-1');
      const refused = await answered;
      expect(refused.status()).toBe(401);
      const summary = page.locator('.portal-error-summary');
      await summary.getByRole('heading', { name: 'Invalid Login' }).waitFor();
      const link = summary.getByRole('link', { name: 'Please verify your information and try again.' });
      expect(await link.getAttribute('href')).toBe('#userId');
      expect(await page.title()).toMatch(/^Error: /);
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      await expectAccessibleAsAnswered(refused, 'the sign-in page with Invalid Login, without the script');
      answered = postAnswer(page);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await summary.getByRole('link', { name: 'User ID is required.' }).waitFor();
      await expectAccessibleAsAnswered(await answered, 'the sign-in page with required fields, without the script');
      await submit(page, userId, PASSWORD);
      await expectSignedIn(page);
    });
  });

  it('signs a token user in with PIN and tokencode', async () => {
    const token = tokenUser('e2enojstoken');
    // The PIN is set with the script (the new-PIN screen without it is not built yet).
    const { page: scripted, context } = await openPage(chromium.browser());
    await scripted.goto(signInUrl('skerrymoor'));
    await submit(scripted, token.userId, token.code(-1));
    await scripted.waitForURL('**/public-portal-ui/new-rsa-pin-component?cobrandHost=skerrymoor');
    await scripted.getByLabel('New PIN', { exact: true }).fill('1357');
    await scripted.getByLabel('Confirm new PIN', { exact: true }).fill('1357');
    await scripted.getByLabel('Next passcode').fill(token.code(0));
    await scripted.getByRole('button', { name: 'Save' }).click();
    await scripted.waitForURL('**/public-portal-ui/logout-component?cobrandHost=skerrymoor');
    await context.close();
    await withoutScript(async (page) => {
      await page.goto(signInUrl('skerrymoor'));
      await submit(page, token.userId, `1357${token.code(1)}`);
      await expectSignedIn(page);
    });
  });
});

describe('the language selector without the script', () => {
  it('answers the page in the chosen language and remembers it', async () => {
    await withoutScript(async (page) => {
      await page.goto(signInUrl('larchmere'));
      await page.getByLabel('Language').selectOption('fr');
      const answered = page.waitForResponse((response) => response.url().includes('locale=fr'));
      await page.getByRole('button', { name: 'Change language' }).click();
      await page.getByRole('button', { name: 'Se connecter en toute sécurité' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('fr');
      expect(new URL(page.url()).searchParams.get('cobrandHost')).toBe('larchmere');
      expect((await page.context().cookies()).find((c) => c.name === 'user_locale')?.value).toBe('fr');
      await expectAccessibleAsAnswered(await answered, 'the sign-in page in French, without the script');
    });
  });
});

describe('the logout confirmation without the script', () => {
  it('asks, logs out when the user says so, and says so; axe clean', async () => {
    const userId = addUser(`e2enojslogout${Date.now()}`);
    await withoutScript(async (page) => {
      await page.goto(signInUrl('skerrymoor'));
      await submit(page, userId, PASSWORD);
      await expectSignedIn(page);
      const asked = await page.goto(
        `${new URL(page.url()).origin}/public-portal-ui/logout-component?cobrandHost=skerrymoor&confirm=1`,
      );
      await page.getByRole('heading', { name: 'Do you want to log out?' }).waitFor();
      await expectAccessibleAsAnswered(asked, 'the logout question without the script');
      const answered = page.waitForResponse((response) =>
        response.url().endsWith('/logout-component?cobrandHost=skerrymoor'),
      );
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.getByText('You have been logged out.').waitFor();
      await page.getByRole('link', { name: 'Return to login screen' }).waitFor();
      expect((await page.context().cookies()).some((cookie) => /portal-session$/.test(cookie.name))).toBe(false);
      await expectAccessibleAsAnswered(await answered, 'the logout screen without the script');
    });
  });
});

describe('forgotten password without the script', () => {
  it('leads from the user ID to the question to the mail, whose password signs in to change password; axe clean', async () => {
    const userId = addUser(`e2enojsrecover${Date.now()}`);
    portal('users', 'set-question', userId, '--question', 'What was your first car?', '--answer', 'Blue Volvo');
    await withoutScript(async (page) => {
      // A recovery is for a user who has signed in before.
      await page.goto(signInUrl('skerrymoor'));
      await submit(page, userId, PASSWORD);
      await expectSignedIn(page);
      await page.context().clearCookies();

      await page.goto(signInUrl('skerrymoor'));
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await page.getByLabel('User ID', { exact: true }).fill(userId);
      let answered = postAnswer(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('What was your first car?').waitFor();
      await expectAccessibleAsAnswered(await answered, 'forgot password, step 2, without the script');

      answered = postAnswer(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      const empty = await answered;
      expect(empty.status()).toBe(400);
      await page.locator('.portal-error-summary').getByRole('link', { name: 'Answer is required.' }).waitFor();
      await expectAccessibleAsAnswered(empty, 'forgot password, step 2 with an error, without the script');

      await page.getByLabel('Answer', { exact: true }).fill('blue volvo');
      answered = postAnswer(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      await expectAccessibleAsAnswered(await answered, 'forgot password, step 3, without the script');
      const temporary = temporaryPasswordIn(await waitForMail(`${userId}@example.com`, /temporary password/));

      await page.getByRole('link', { name: 'Return to login' }).click();
      await submit(page, userId, temporary);
      await page.waitForURL('**/public-portal-ui/change-password-component?ec=0x132120c8&cobrandHost=skerrymoor');

      // Change password, with its code's notice, its errors as the script shows them, then signed in.
      await page.getByText('Initial Password has expired. Please enter a new password.').waitFor();
      await page.getByLabel('Current password', { exact: true }).fill(temporary);
      await page.getByLabel('New password', { exact: true }).fill('Northern-Lights-9');
      await page.getByLabel('Confirm new password', { exact: true }).fill('Northern-Lights-8');
      answered = postAnswer(page);
      await page.getByRole('button', { name: 'Save new password' }).click();
      const mismatch = await answered;
      expect(mismatch.status()).toBe(400);
      const summary = page.locator('.portal-error-summary');
      await summary.getByRole('link', { name: /do not match/ }).waitFor();
      await expectAccessibleAsAnswered(mismatch, 'change password with an error, without the script');
      await page.getByLabel('Current password', { exact: true }).fill(temporary);
      await page.getByLabel('New password', { exact: true }).fill('Northern-Lights-9');
      await page.getByLabel('Confirm new password', { exact: true }).fill('Northern-Lights-9');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await expectSignedIn(page);
    });
  });
});

describe('sign-in before the script arrives', () => {
  it('signs in once, natively, when the user sends the form while the script is held back', async () => {
    const userId = addUser(`e2eearly${Date.now()}`);
    const { page, context, problems } = await openPage(chromium.browser());
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/public-portal-ui/static/*.js', async (route) => {
      await held;
      await route.continue();
    });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });
    // Module scripts hold up DOMContentLoaded: the page is only committed, the form there from its HTML.
    await page.goto(signInUrl('skerrymoor'), { waitUntil: 'commit' });
    await page.locator('#userId').fill(userId);
    await page.locator('#password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // The script arrives while the post is on its way; it sends nothing itself.
    release();
    await page.waitForURL(HOME);
    await page.getByText(`Signed in as ${userId}`).waitFor();
    expect(posts).toEqual(['/public-portal-ui/login-signin-component']);
    expect(problems).toEqual([]);
    await context.close();
  });
});
