// The shots of `npm run screens` before anyone signs in: the sign-in page in its cobrands, languages and widths, its
// errors, the recovery-code step, forgotten password, the stand-in pages. Each: a file name, its caption, and how to
// bring the page there (`p.go` answers once it shows); options: `width`/`height`, `script: false`.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mailedCodes, otherThan } from '../e2e/support/mailed-codes.mjs';
import { ANSWER, PASSWORD, signIn, signInAs } from './screen-steps.mjs';

const submit = (page) => page.locator('form button[type="submit"]').first().click();

/** The sign-in page of a cobrand in a language; the caption says what it shows. */
const signInPage = (name, caption, query, options) => [name, caption, (p) => p.go(signIn(query)), options];
const PHONE = { width: 320, height: 800 };

/** demopass's right password from this browser, new to the account: held on the code's screen (`newDevice` shots). */
async function heldForCode(p) {
  await p.go(signIn('cobrandHost=skerrymoor&locale=en_US'));
  await signInAs(p.page, 'demopass', PASSWORD);
  await p.page.waitForURL(/\/device-code-component\?/);
  await p.page.locator('#code').waitFor();
}

/** The mail relay away, as the portal meets it: its outbox folder a file, where no mail can be written. */
async function mailAway(p, run) {
  const outbox = join(p.portal.environment.DATA_DIR, 'outbox');
  rmSync(outbox, { recursive: true, force: true });
  writeFileSync(outbox, '');
  try {
    await run();
  } finally {
    rmSync(outbox);
  }
}

const CODE_NOTES =
  'Where the cobrand asks for it (`newDeviceVerification`, by default `email`), a right password from a browser the\naccount has not trusted opens no session: the code is mailed to the account\'s address and this screen asks for it,\nthe cursor in its field. "Continue" sends it (with the script as a call, without it as a form post); "Send a new\ncode" mails one in place of the last (three for a sign-in at most) and says so; "Back to sign in" leaves. Passed,\nthe browser becomes a trusted device and the sign-in goes on where it led (the passkey offer, change password, the\nplatform); five wrong codes or ten minutes end it.';

export const SIGNED_OUT = [
  signInPage(
    'signin-skerrymoor',
    'Sign-in, Skerrymoor (US English, every footer part)',
    'cobrandHost=skerrymoor&locale=en_US',
  ),
  signInPage(
    'signin-larchmere',
    'Sign-in, Larchmere (British English, its own button label)',
    'cobrandHost=larchmere&locale=en_GB',
  ),
  signInPage(
    'signin-lindenquell-de',
    'Sign-in, Lindenquell in German: a whole page in one language',
    'cobrandHost=lindenquell&locale=de',
  ),
  signInPage(
    'signin-skerrymoor-fr-ca',
    'Sign-in, Skerrymoor in Canadian French',
    'cobrandHost=skerrymoor&locale=fr-CA',
  ),
  signInPage(
    'signin-lesograd-ru',
    'Sign-in, Lesograd in Russian: the heading a whole message, the name kept in its own form',
    'cobrandHost=lesograd&locale=ru',
  ),
  signInPage(
    'signin-default-ja',
    'Sign-in, the platform without a bank in Japanese: its name before ログイン',
    'locale=ja',
  ),
  signInPage(
    'signin-saginoura-ja',
    'Sign-in, Saginoura Bank in Japanese: its own label ({0}へようこそ) and its name in the logo',
    'cobrandHost=saginoura&locale=ja',
  ),
  signInPage(
    'signin-neulbit-ko',
    'Sign-in, Neulbit Bank in Korean, its name in the logo',
    'cobrandHost=neulbit&locale=ko',
  ),
  signInPage(
    'signin-lanqiao-zh-cn',
    'Sign-in, Lanqiao Bank in Simplified Chinese, its name in the logo',
    'cobrandHost=lanqiao&locale=zh_CN',
  ),
  signInPage(
    'signin-qingling-zh-tw',
    'Sign-in, Qingling Bank in Traditional Chinese, its name in the logo',
    'cobrandHost=qingling&locale=zh_TW',
  ),
  [
    'signin-required',
    'Sign-in submitted empty: the error summary and each field',
    async (p) => {
      await p.go(signIn('cobrandHost=skerrymoor&locale=en_US'));
      await submit(p.page);
      await p.page.locator('.portal-error-summary').waitFor();
    },
  ],
  [
    'signin-invalid',
    'Sign-in refused: Invalid Login',
    async (p) => {
      await p.go(signIn('cobrandHost=skerrymoor&locale=en_US'));
      await signInAs(p.page, 'demolocked', PASSWORD);
      await p.page.locator('.portal-error-summary').waitFor();
    },
  ],
  signInPage('signin-390', 'Sign-in on a phone (390 px)', 'cobrandHost=skerrymoor&locale=en_US', {
    width: 390,
    height: 844,
  }),
  signInPage('signin-skerrymoor-320', 'Sign-in at 320 px, Latin script (US English)', 'cobrandHost=skerrymoor', PHONE),
  signInPage('signin-lesograd-ru-320', 'Sign-in at 320 px, Cyrillic script (Russian)', 'cobrandHost=lesograd', {
    ...PHONE,
    locale: 'ru',
  }),
  signInPage('signin-saginoura-ja-320', 'Sign-in at 320 px, CJK (Japanese)', 'cobrandHost=saginoura', {
    ...PHONE,
    locale: 'ja',
  }),
  [
    'recovery-code',
    'Sign-in with a recovery code, from the sign-in page’s “Use a recovery code” (a token user without the token)',
    async (p) => {
      await p.go(signIn('cobrandHost=skerrymoor&locale=en_US'));
      await p.page.getByRole('link', { name: 'Use a recovery code' }).click();
      await p.page.getByRole('heading', { name: 'Sign in with a recovery code' }).waitFor();
    },
  ],
  [
    'recovery-code-required',
    'Sign-in with a recovery code submitted empty',
    async (p) => {
      await p.go('/public-portal-ui/recovery-code-component?cobrandHost=skerrymoor&locale=en_US');
      await submit(p.page);
      await p.page.locator('.portal-error-summary').waitFor();
    },
  ],
  [
    'device-code',
    'New-device verification: a right password from a browser the account has not used waits for the mailed code',
    heldForCode,
    { newDevice: true, notes: CODE_NOTES },
  ],
  [
    'device-code-wrong',
    'New-device verification: a wrong code, the field emptied for the next',
    async (p) => {
      await heldForCode(p);
      await p.page.locator('#code').fill(otherThan(mailedCodes(p.portal.environment.DATA_DIR).at(-1)));
      await submit(p.page);
      await p.page.locator('.portal-error-summary').waitFor();
    },
    { newDevice: true },
  ],
  [
    'device-code-unsent',
    'New-device verification: the mail relay away, the code not sent and nothing opened',
    (p) =>
      mailAway(p, async () => {
        await heldForCode(p);
        await p.page.locator('.portal-error-summary').waitFor();
      }),
    { newDevice: true },
  ],
  [
    'forgot-1',
    'Forgot password, step 1: user ID',
    (p) => p.go('/public-portal-ui/forgot-password-component?cobrandHost=skerrymoor&locale=en_US'),
  ],
  [
    'forgot-2',
    'Forgot password, step 2: the security question',
    async (p) => {
      await p.go('/public-portal-ui/forgot-password-component?cobrandHost=skerrymoor&locale=en_US');
      await p.page.getByLabel('User ID', { exact: true }).fill('demopass');
      await p.page.getByRole('button', { name: 'Continue' }).click();
      await p.page.getByLabel('Answer', { exact: true }).waitFor();
    },
  ],
  [
    'forgot-3',
    'Forgot password, step 3: the mail is on its way',
    async (p) => {
      await p.go('/public-portal-ui/forgot-password-component?cobrandHost=skerrymoor&locale=en_US');
      await p.page.getByLabel('User ID', { exact: true }).fill('demopass');
      await p.page.getByRole('button', { name: 'Continue' }).click();
      await p.page.getByLabel('Answer', { exact: true }).fill(ANSWER);
      await p.page.getByRole('button', { name: 'Continue' }).click();
      await p.page.getByRole('heading', { name: 'Check your email' }).waitFor();
    },
  ],
  [
    'stand-in',
    'A platform page the portal stands in for (company self-registration)',
    (p) => p.go('/sdng/register/company.do?cobrandHost=skerrymoor&locale=en_US', '.portal-stand-in'),
  ],
  [
    'stand-in-de',
    'The same stand-in page in German (Lindenquell): the name in apposition to „Portal“, never declined',
    (p) => p.go('/sdng/register/company.do?cobrandHost=lindenquell&locale=de', '.portal-stand-in'),
  ],
  [
    'not-found',
    'Not found, as a browser without the script keeps it (with the script it goes on to log out, as §2 asks)',
    (p) => p.go('/public-portal-ui/no-such-page?cobrandHost=skerrymoor&locale=en_US', '.portal-not-found'),
    { script: false },
  ],
];
