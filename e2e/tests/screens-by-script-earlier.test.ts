/**
 * The screens from before the third round, each state `npm run screens` draws, in a language of each script at 320 px
 * and at full width (support/by-script.ts). Reached by field IDs and the language's own words, as a person in that
 * language would: signed out, forgotten password, change password, the token steps, signed in, the security page's
 * passkey rename, the session warning, single sign-on. (The new-device code's "not sent" state needs the mail relay
 * away, which the browser tests' one relay cannot be for one test: its summary is the "wrong code" one, checked in the
 * third round's file.)
 */
import { MAX_USER_ID_LENGTH } from '@portal/contract';
import type { Page } from 'playwright-core';
import { PASSWORD, addUser, portal } from '../support/admin';
import { baseUrl, signInUrl, useChromium } from '../support/browser';
import {
  HOME,
  describeByScript,
  passcodeStep,
  screen,
  section,
  sessionWarningOpen,
  signOn,
  type Screen,
  type Visit,
} from '../support/by-script';
import { setNewPin, signInAs, virtualAuthenticator } from '../support/steps.mjs';
import { tokenUser, type TestToken } from '../support/tokens';

const chromium = useChromium();
const PIN = '2580';
const ANSWER = 'Blue Volvo';
const submit = (page: Page) => page.locator('main form button[type="submit"]').first().click();
const summary = (page: Page) => page.locator('.portal-error-summary').waitFor();

/** Signs `userId` in on the skerrymoor sign-in page of `page`, to the platform's page. */
async function signedIn(page: Page, userId: string, password = PASSWORD): Promise<Page> {
  await page.goto(signInUrl('skerrymoor'));
  await signInAs(page, userId, password);
  await page.waitForURL(HOME);
  return page;
}

/** A user who has signed in before (in a browser of its own) and has a security question, as recovery requires. */
async function recoverableUser(v: Visit): Promise<string> {
  const userId = addUser(`e2eearlyforgot${v.tag}${Date.now()}`);
  portal('users', 'set-question', userId, '--question', 'What was your first car?', '--answer', ANSWER);
  await signedIn((await v.other()).page, userId);
  return userId;
}

/** A user ID as long as the portal takes, which the signed-in pages show: it must break rather than run off a phone. */
const longest = (name: string) => addUser(name.padEnd(MAX_USER_ID_LENGTH, '0'));

/** Each language's token user, set up on the new-PIN screen and then asked for the next passcode. */
const tokens = new Map<string, TestToken>();

const SCREENS: Screen[] = [
  {
    name: 'sign-in',
    async reach(_v, page) {
      await page.goto(signInUrl('skerrymoor'));
      await page.locator('#userId').waitFor();
      return page;
    },
  },
  {
    name: 'sign-in, submitted empty',
    async reach(_v, page) {
      await submit(page);
      await summary(page);
      return page;
    },
  },
  {
    name: 'sign-in refused (Invalid Login)',
    async reach(_v, page) {
      await signInAs(page, 'demolocked', PASSWORD);
      await summary(page);
      return page;
    },
  },
  {
    name: 'single sign-on refused, the way back to the provider',
    async reach(_v, page) {
      await page.goto(signInUrl('veltmoor', '&invalidLogin=true'));
      await summary(page);
      return page;
    },
  },
  {
    name: 'forgot password: user ID',
    async reach(_v, page) {
      await page.goto(screen('forgot-password-component', 'cobrandHost=skerrymoor'));
      await page.locator('#userId').waitFor();
      return page;
    },
  },
  {
    name: 'forgot password: the security question',
    async reach(v, page) {
      await page.locator('#userId').fill(await recoverableUser(v));
      await submit(page);
      await page.locator('#answer').waitFor();
      return page;
    },
  },
  {
    name: 'forgot password: the mail is on its way',
    async reach({ text }, page) {
      await page.locator('#answer').fill(ANSWER);
      await submit(page);
      await page.getByRole('heading', { name: text('forgot.sentHeading') }).waitFor();
      return page;
    },
  },
  {
    name: 'a platform page the portal stands in for',
    async reach(_v, page) {
      await page.goto(`${baseUrl()}/sdng/register/company.do?cobrandHost=skerrymoor`);
      await page.locator('.portal-stand-in').waitFor();
      return page;
    },
  },
  {
    name: 'not found, as a browser without the script keeps it',
    async reach(v) {
      const { page } = await v.other({ script: false });
      await page.goto(screen('no-such-page', 'cobrandHost=skerrymoor'));
      await page.locator('.portal-not-found').waitFor();
      return page;
    },
  },
  {
    name: 'logged out',
    async reach(_v, page) {
      await page.goto(screen('logout-component', 'cobrandHost=skerrymoor'));
      await page.locator('.portal-logout__message').waitFor();
      return page;
    },
  },
  {
    name: 'change password after the password expired',
    async reach(v) {
      const userId = addUser(`e2eearlyexpired${v.tag}${Date.now()}`);
      portal('users', 'expire-password', userId);
      const { page } = await v.other();
      await page.goto(signInUrl('skerrymoor'));
      await signInAs(page, userId, PASSWORD);
      await page.locator('.portal-rules__item').first().waitFor();
      return page;
    },
  },
  {
    name: 'change password with errors on each field',
    continues: true,
    async reach(_v, page) {
      await page.locator('#new1').fill('short');
      await submit(page);
      await summary(page);
      return page;
    },
  },
  {
    name: 'the platform page after a sign-in',
    async reach(v) {
      const page = await signedIn((await v.other()).page, longest(`e2eearlyhome${v.tag}${Date.now()}`));
      await virtualAuthenticator(page);
      return page;
    },
  },
  {
    name: 'change password from the security page',
    continues: true,
    async reach({ text }, page) {
      await page.goto(screen('security-component', 'cobrandHost=skerrymoor'));
      await page.getByRole('link', { name: text('home.changePassword') }).click();
      await page.locator('#forgetOtherDevices').waitFor();
      return page;
    },
  },
  {
    name: 'security page: renaming a passkey, the empty name refused',
    continues: true,
    async reach({ text }, page) {
      await page.goto(screen('security-component', 'cobrandHost=skerrymoor'));
      const passkeys = section(page, 'passkeys');
      await passkeys.getByRole('button', { name: text('security.passkeys.add') }).click();
      await passkeys.locator('.portal-security__item').waitFor();
      await passkeys.locator('button', { hasText: text('security.passkeys.rename') }).click();
      await passkeys.locator('input').fill('   ');
      await page.keyboard.press('Enter');
      await passkeys.getByText(text('security.passkeys.nameInvalid')).first().waitFor();
      return page;
    },
  },
  {
    name: 'new token PIN',
    async reach(v) {
      const token = tokenUser(`e2eearlypin${v.tag}`);
      tokens.set(v.locale, token);
      const { page } = await v.other();
      await page.goto(signInUrl('skerrymoor'));
      await signInAs(page, token.userId, token.code(-1));
      await page.locator('#pin').waitFor();
      return page;
    },
  },
  {
    name: 'next passcode: asked for after a wrong PIN',
    continues: true,
    async reach(v, page) {
      const token = tokens.get(v.locale)!;
      await setNewPin(page, PIN, token.code(0));
      await page.locator('.portal-logout__notice').waitFor();
      await page.goto(signInUrl('skerrymoor'));
      await signInAs(page, token.userId, `9999${token.code(1)}`);
      await summary(page);
      await signInAs(page, token.userId, `${PIN}${token.code(1)}`);
      await page.waitForURL(/\/next-token-component\?/);
      await page.locator('#passcode').waitFor();
      return page;
    },
  },
  {
    name: 'the session warning, 80 s before the session ends',
    reach: (v) => sessionWarningOpen(v, longest(`e2eearlywarning${v.tag}${Date.now()}`)),
  },
  {
    name: 'the session warning hidden, its time left at the window’s foot',
    continues: true,
    async reach(_v, page) {
      await page.keyboard.press('Escape');
      await page.locator('dialog.portal-session-warning').waitFor({ state: 'hidden' });
      await page.locator('.portal-session-banner').waitFor();
      return page;
    },
  },
  {
    name: 'single sign-on, the passcode step submitted empty',
    async reach(v) {
      const page = await passcodeStep(v);
      await submit(page);
      await summary(page);
      return page;
    },
  },
  {
    name: 'the platform page after single sign-on',
    async reach(v) {
      const page = await signOn(v, 'demosso');
      await page.waitForURL(HOME);
      return page;
    },
  },
];

describeByScript('the earlier screens in every script, at 320 px and 1280 px', chromium.browser, SCREENS);
