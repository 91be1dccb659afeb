/**
 * Issue 33: the sign-in form without the page's script, in Chromium with JavaScript off, and with the script held
 * back while the user signs in. The form posts natively; the service answers as the script would have ended.
 */
import { PASSKEY_CAPABLE_COOKIE, PASSKEY_OFFER_SCREEN } from '@portal/contract';
import type { Browser, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, addUser, portal } from '../support/admin';
import { accessibleAsAnswered, baseUrl, openPage, signInUrl, skipPasskeyOffer, useChromium } from '../support/browser';
import { temporaryPasswordIn, waitForMail } from '../support/mailbox';
import { tokenUser } from '../support/tokens';

const chromium = useChromium();
const HOME = '**/sdportal/platform/home?cobrandHost=skerrymoor';

/**
 * A browser context without JavaScript: the page's scripts never run (page.evaluate, for axe, still does). It has
 * skipped the passkey offer, unless `passkeyOffer`; `capable` gives it the cookie a sign-in page's script sets where the
 * device can make a passkey, as one kept from an earlier visit made with the script.
 */
async function withoutScript(
  run: (page: Page) => Promise<void>,
  browser: Browser = chromium.browser(),
  { passkeyOffer = false, capable = false } = {},
) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1024, height: 900 } });
  if (!passkeyOffer) await skipPasskeyOffer(context);
  if (capable) await context.addCookies([{ name: PASSKEY_CAPABLE_COOKIE, value: '1', url: baseUrl() }]);
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** axe on a page as the service answered it (support/browser.ts). */
const expectAccessibleAsAnswered = (answer: Response | null, label: string) =>
  accessibleAsAnswered(chromium.browser(), answer, label);

/** The answer to the form's native post, as the browser receives it. */
const postAnswer = (page: Page) => page.waitForResponse((response) => response.request().method() === 'POST');

/** Signed in: the session cookie is set (the home page shows the user only with its script). */
async function expectSignedIn(page: Page): Promise<void> {
  await page.waitForURL(HOME);
  const cookies = await page.context().cookies();
  expect(cookies.some((cookie) => /portal-session$/.test(cookie.name))).toBe(true);
}

/** The addresses of the pages the browser was sent to, so far (to show that no passkey offer was among them). */
function pagesOpened(page: Page): string[] {
  const opened: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) opened.push(new URL(request.url()).pathname);
  });
  return opened;
}

/**
 * The passkey offer a cobrand that offers them puts after a sign-in, where the browser said it could make one: no
 * passkey is made without the script, and its way on is shown (the page's noscript stylesheet), as "Not now".
 */
async function passOffer(page: Page): Promise<void> {
  await page.waitForURL(`**/public-portal-ui/${PASSKEY_OFFER_SCREEN}?cobrandHost=skerrymoor&next=**`);
  const onward = page.getByRole('link', { name: 'Not now', exact: true });
  expect(await onward.isVisible()).toBe(true);
  await onward.click();
}

async function submit(page: Page, userId: string, password: string): Promise<void> {
  await page.getByLabel('User ID', { exact: true }).fill(userId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('sign-in without the script', () => {
  // Skerrymoor offers passkeys, and these browsers have not skipped the offer: without the script none can make one,
  // nor has a script said it could, so a sign-in goes straight where it leads.
  it('signs a password user in, from a page with the button enabled and no show/hide toggle; axe clean', async () => {
    const userId = addUser(`e2enojs${Date.now()}`);
    await withoutScript(
      async (page) => {
        const opened = await page.goto(signInUrl('skerrymoor'));
        expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isEnabled()).toBe(true);
        expect(await page.getByRole('button', { name: /show password/i }).count()).toBe(0);
        await expectAccessibleAsAnswered(opened, 'the sign-in page without the script');
        await page.getByLabel('Remember my user ID on this device').check();
        const pages = pagesOpened(page);
        await submit(page, userId, PASSWORD);
        await expectSignedIn(page);
        expect(pages.some((path) => path.endsWith(PASSKEY_OFFER_SCREEN))).toBe(false);
        // The next sign-in page comes with the user ID written in.
        await page.goto(signInUrl('skerrymoor'));
        expect(await page.getByLabel('User ID', { exact: true }).inputValue()).toBe(userId);
        expect(await page.getByLabel('Remember my user ID on this device').isChecked()).toBe(true);
      },
      undefined,
      { passkeyOffer: true },
    );
  });

  it('shows the error summary for a wrong password, then signs in from that page; axe clean', async () => {
    const userId = addUser(`e2enojsbad${Date.now()}`);
    await withoutScript(
      async (page) => {
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
        const pages = pagesOpened(page);
        await submit(page, userId, PASSWORD);
        await expectSignedIn(page);
        expect(pages.some((path) => path.endsWith(PASSKEY_OFFER_SCREEN))).toBe(false);
      },
      undefined,
      { passkeyOffer: true },
    );
  });

  it('lands on a signed-in page that names the user and offers Log out and Security; Log out ends the session', async () => {
    const userId = addUser(`e2enojshome${Date.now()}`);
    await withoutScript(async (page) => {
      await page.goto(signInUrl('skerrymoor'));
      const home = page.waitForResponse((r) => r.url().includes('/sdportal/platform/home?'));
      await submit(page, userId, PASSWORD);
      await expectSignedIn(page);
      const actions = page.locator('.portal-home');
      await actions.getByText(`Signed in as ${userId}`).waitFor();
      expect(await actions.getByRole('link', { name: 'Security and sessions' }).isVisible()).toBe(true);
      expect(await actions.getByRole('link', { name: 'Change password' }).isVisible()).toBe(true);
      await expectAccessibleAsAnswered(await home, 'the signed-in page without the script');
      await actions.getByRole('link', { name: 'Log out' }).click();
      await page.waitForURL('**/public-portal-ui/logout-component?**');
      const cookies = await page.context().cookies();
      expect(cookies.some((cookie) => /portal-session$/.test(cookie.name))).toBe(false);
      // Signed out, the signed-in page's address leads to sign-in.
      await page.goto(`${baseUrl()}/sdportal/platform/home?cobrandHost=skerrymoor`);
      await page.waitForURL('**/public-portal-ui/login-signin-component?cobrandHost=skerrymoor');
    });
  });

  it('offers a passkey to a browser whose earlier page found it could make one, and goes on by Not now; axe clean', async () => {
    const userId = addUser(`e2enojsoffer${Date.now()}`);
    await withoutScript(
      async (page) => {
        await page.goto(signInUrl('skerrymoor'));
        const offer = page.waitForResponse((r) => r.url().includes(`/${PASSKEY_OFFER_SCREEN}?`));
        await submit(page, userId, PASSWORD);
        await expectAccessibleAsAnswered(await offer, 'the passkey offer without the script');
        await passOffer(page);
        await expectSignedIn(page);
      },
      undefined,
      { passkeyOffer: true, capable: true },
    );
  });
});

/** The new-PIN form filled and saved, as a user does. */
async function savePin(page: Page, pin: string, confirm: string, passcode: string): Promise<void> {
  await page.getByLabel('New PIN', { exact: true }).fill(pin);
  await page.getByLabel('Confirm new PIN', { exact: true }).fill(confirm);
  await page.getByLabel('Next passcode').fill(passcode);
  await page.getByRole('button', { name: 'Save' }).click();
}

describe('the token screens without the script', () => {
  it('sets a new PIN, then signs in with PIN and code through the next-token screen; axe clean', async () => {
    const token = tokenUser('e2enojstoken');
    await withoutScript(async (page) => {
      await page.goto(signInUrl('skerrymoor'));
      let answered = page.waitForResponse((r) => r.url().includes('/new-rsa-pin-component?') && r.status() === 200);
      await submit(page, token.userId, token.code(-1));
      await page.waitForURL('**/public-portal-ui/new-rsa-pin-component?cobrandHost=skerrymoor');
      // Drawn by the service for its user: the form is there, the instructions shown, their toggle not.
      await page.getByRole('heading', { name: 'Create a new token PIN' }).waitFor();
      expect(await page.getByText('Choose a 4-digit PIN').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Hide the instructions' }).isVisible()).toBe(false);
      await expectAccessibleAsAnswered(await answered, 'the new-PIN screen without the script');

      answered = postAnswer(page);
      await savePin(page, '0123', '0124', '123');
      const refused = await answered;
      expect(refused.status()).toBe(400);
      const summary = page.locator('.portal-error-summary');
      await summary.getByRole('link', { name: 'New PIN: The PIN must not start with 0.' }).waitFor();
      expect(await summary.getByRole('link').count()).toBe(3);
      await expectAccessibleAsAnswered(refused, 'the new-PIN screen with errors, without the script');

      await savePin(page, '1357', '1357', token.code(0));
      await page.waitForURL('**/public-portal-ui/logout-component?cobrandHost=skerrymoor');
      await page.getByText('You have been logged out.').waitFor();

      // A wrong PIN is counted, and the next right try is doubted: the next-token screen asks for the next code.
      await page.goto(signInUrl('skerrymoor'));
      await submit(page, token.userId, `9999${token.code(1)}`);
      await page.locator('.portal-error-summary').getByRole('heading', { name: 'Invalid Login' }).waitFor();
      answered = page.waitForResponse((r) => r.url().includes('/next-token-component?') && r.status() === 200);
      await submit(page, token.userId, `1357${token.code(1)}`);
      await page.waitForURL('**/public-portal-ui/next-token-component?authn_attempt_id=**');
      await page.getByRole('heading', { name: 'Enter the next passcode' }).waitFor();
      await expectAccessibleAsAnswered(await answered, 'the next-token screen without the script');

      answered = page.waitForResponse((r) => r.url().includes('/next-token-component?ec=14008') && r.status() === 200);
      await page.getByLabel('Next passcode').fill(token.code(1));
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.locator('#passcode-error').getByText('Invalid passcode').waitFor();
      await expectAccessibleAsAnswered(
        await answered,
        'the next-token screen with an invalid code, without the script',
      );
      await page.getByLabel('Next passcode').fill(token.code(2));
      await page.getByRole('button', { name: 'Continue' }).click();
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
      // Signed out by forgetting the cookies; the passkey offer's skip is kept, as a browser keeps it.
      await page.context().clearCookies();
      await skipPasskeyOffer(page.context());

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
    // A device that could make a passkey, offer not skipped: its page's script had not said so when the form went,
    // so the sign-in goes straight where it leads (the offer comes with a later sign-in the script has seen).
    const { page, context, problems } = await openPage(chromium.browser(), undefined, { passkeyOffer: true });
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true },
    });
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

/** The page's scripts held back until `release` (or let through at once after it), and the posts the page makes. */
async function holdScripts(page: Page) {
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
  return { release, posts };
}

describe('the token screens before the script arrives', () => {
  it('sets a PIN and answers the next-token step natively, each sent once while the script is held back', async () => {
    const token = tokenUser('e2eearlytoken');
    const { page, context, problems } = await openPage(chromium.browser());
    const { release, posts } = await holdScripts(page);
    await page.goto(signInUrl('skerrymoor'), { waitUntil: 'commit' });
    await page.locator('#userId').fill(token.userId);
    await page.locator('#password').fill(token.code(-1));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/public-portal-ui/new-rsa-pin-component?cobrandHost=skerrymoor', { waitUntil: 'commit' });
    await savePin(page, '2468', '2468', token.code(0));
    await page.waitForURL('**/public-portal-ui/logout-component?cobrandHost=skerrymoor', { waitUntil: 'commit' });
    expect(posts).toEqual(['/public-portal-ui/login-signin-component', '/public-portal-ui/new-rsa-pin-component']);

    // A doubted sign-in: the next-token screen, its form pressed before the script, which arrives meanwhile.
    await page.goto(signInUrl('skerrymoor'), { waitUntil: 'commit' });
    await page.locator('#userId').fill(token.userId);
    await page.locator('#password').fill(`9999${token.code(1)}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.portal-error-summary').waitFor();
    await page.locator('#userId').fill(token.userId);
    await page.locator('#password').fill(`2468${token.code(1)}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/public-portal-ui/next-token-component?authn_attempt_id=**', { waitUntil: 'commit' });
    posts.length = 0;
    // The post is held too, so the script surely arrives while it is on its way.
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/next-token-component?**', async (route) => {
      if (route.request().method() === 'POST') await answered;
      await route.continue();
    });
    await page.locator('#passcode').fill(token.code(2));
    await page.getByRole('button', { name: 'Continue' }).click({ noWaitAfter: true });
    release();
    answer();
    await expectSignedIn(page);
    expect(posts).toEqual(['/public-portal-ui/next-token-component']);
    expect(problems).toEqual([]);
    await context.close();
  });
});
