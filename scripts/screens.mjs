// `npm run screens`: every screen and state of the portal as a person sees it, screenshotted in Chromium from the built
// portal with its demo data, into docs/screens/ and listed in docs/screens.md. Redraw after changing a screen.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';
import { launchChromium } from './chromium.mjs';
import { root, startPortal } from './portal-process.mjs';

const PASSWORD = 'Portal-Demo-2026';
const ANSWER = 'harbor';
const out = join(root, 'docs', 'screens');
const signIn = (query) => `/public-portal-ui/login-signin-component?${query}`;

/** The demo token's code now, from the admin CLI (demo mode only). */
function tokenCode(portal, userId) {
  return execFileSync(process.execPath, ['server/dist/cli.js', 'tokens', 'code', userId], {
    cwd: root,
    env: portal.environment,
    encoding: 'utf8',
  }).trim();
}

async function signInAs(page, userId, password) {
  await page.getByLabel('User ID', { exact: true }).fill(userId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Each shot: a file name, what it shows, and how to bring the page there (`go` answers once it is showing). */
const SHOTS = [
  [
    'signin-skerrymoor',
    'Sign-in, Skerrymoor (US English, every footer part)',
    (p) => p.go(signIn('cobrandHost=skerrymoor&locale=en_US')),
  ],
  [
    'signin-larchmere',
    'Sign-in, Larchmere (British English, its own button label)',
    (p) => p.go(signIn('cobrandHost=larchmere&locale=en_GB')),
  ],
  [
    'signin-lindenquell-de',
    'Sign-in, Lindenquell in German: a whole page in one language',
    (p) => p.go(signIn('cobrandHost=lindenquell&locale=de')),
  ],
  [
    'signin-skerrymoor-fr-ca',
    'Sign-in, Skerrymoor in Canadian French',
    (p) => p.go(signIn('cobrandHost=skerrymoor&locale=fr-CA')),
  ],
  [
    'signin-lesograd-ru',
    'Sign-in, Lesograd in Russian: the heading a whole message, the name kept in its own form',
    (p) => p.go(signIn('cobrandHost=lesograd&locale=ru')),
  ],
  [
    'signin-default-ja',
    'Sign-in, the platform without a bank in Japanese: its name before ログイン',
    (p) => p.go(signIn('locale=ja')),
  ],
  [
    'signin-saginoura-ja',
    'Sign-in, Saginoura Bank in Japanese: its own label ({0}へようこそ) and its name in the logo',
    (p) => p.go(signIn('cobrandHost=saginoura&locale=ja')),
  ],
  [
    'signin-neulbit-ko',
    'Sign-in, Neulbit Bank in Korean, its name in the logo',
    (p) => p.go(signIn('cobrandHost=neulbit&locale=ko')),
  ],
  [
    'signin-lanqiao-zh-cn',
    'Sign-in, Lanqiao Bank in Simplified Chinese, its name in the logo',
    (p) => p.go(signIn('cobrandHost=lanqiao&locale=zh_CN')),
  ],
  [
    'signin-qingling-zh-tw',
    'Sign-in, Qingling Bank in Traditional Chinese, its name in the logo',
    (p) => p.go(signIn('cobrandHost=qingling&locale=zh_TW')),
  ],
  [
    'signin-required',
    'Sign-in submitted empty: the error summary and each field',
    async (p) => {
      await p.go(signIn('cobrandHost=skerrymoor&locale=en_US'));
      await p.page.getByRole('button', { name: 'Sign in' }).click();
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
  [
    'signin-390',
    'Sign-in on a phone (390 px)',
    (p) => p.go(signIn('cobrandHost=skerrymoor&locale=en_US')),
    { width: 390, height: 844 },
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
    'change-expired',
    'Change password after the password expired, with the six rule lines',
    async (p) => {
      await p.go(signIn('cobrandHost=skerrymoor&locale=en_US'));
      await signInAs(p.page, 'demoexpired', PASSWORD);
      await p.page.locator('.portal-rules__item').first().waitFor();
    },
  ],
  [
    'change-errors',
    'Change password with errors on each field',
    async (p) => {
      await p.go(signIn('cobrandHost=skerrymoor&locale=en_US'));
      await signInAs(p.page, 'demoexpired', PASSWORD);
      await p.page.getByLabel('New password', { exact: true }).fill('short');
      await p.page.getByRole('button', { name: 'Save new password' }).click();
      await p.page.locator('.portal-error-summary').waitFor();
    },
  ],
  [
    'new-pin',
    'New token PIN',
    async (p) => {
      await p.go(signIn('cobrandHost=skerrymoor&locale=en_US'));
      await signInAs(p.page, 'demonewpin', tokenCode(p.portal, 'demonewpin'));
      await p.page.getByRole('heading', { name: 'Create a new token PIN' }).waitFor();
    },
  ],
  [
    'home',
    'The platform stand-in after a sign-in',
    async (p) => {
      await p.go(signIn('cobrandHost=skerrymoor&locale=en_US'));
      await signInAs(p.page, 'demopass', PASSWORD);
      await p.page.getByText('Signed in as demopass').waitFor();
    },
  ],
  [
    'session-warning',
    'The session warning, 80 s before the session ends',
    async (p) => {
      await p.page.clock.install();
      await p.go(signIn('cobrandHost=skerrymoor&locale=en_US'));
      await signInAs(p.page, 'demopass', PASSWORD);
      await p.page.getByText('Signed in as demopass').waitFor();
      await p.page.clock.fastForward('03:45');
      await p.page.locator('dialog.portal-session-warning').waitFor();
    },
  ],
  [
    'logout',
    'Logged out',
    (p) => p.go('/public-portal-ui/logout-component?cobrandHost=skerrymoor&locale=en_US', '.portal-logout__message'),
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
];

async function shoot(browser, portal, [name, , steps, viewport = { width: 1280, height: 900 }]) {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    const go = async (path, ready = '.portal-footer') => {
      await page.goto(`${portal.baseUrl}${path}`);
      await page.locator(ready).first().waitFor();
    };
    await steps({ page, portal, go });
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    await page.screenshot({ path: join(out, `${name}.png`), fullPage: true });
  } finally {
    await context.close();
  }
}

/** Chromium draws CJK pages in the system's fonts: without a face for them the shots would show boxes. */
function requireCjkFonts() {
  let families = '';
  try {
    families = execFileSync('fc-list', [':lang=ja', 'family'], { encoding: 'utf8' });
  } catch {
    // No fontconfig: reported below like a missing font.
  }
  if (!families.trim())
    throw new Error('No Japanese, Korean or Chinese font is installed: apt-get install fonts-noto-cjk, then redraw');
}

requireCjkFonts();
buildIfStale();
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'portal-screens-'));
const portal = await startPortal(join(work, 'data'), { PORTAL_DEMO: 'true' });
const browser = await launchChromium();
try {
  for (const shot of SHOTS) await shoot(browser, portal, shot);
} finally {
  await browser.close();
  await portal.stop();
  rmSync(work, { recursive: true, force: true });
}
const lines = [
  '# Screens',
  '',
  'Every screen and state, drawn from the built portal and its demo data in Chromium by `npm run screens`; redraw it after changing a screen. 1280 px wide unless the caption says otherwise.',
  '',
  ...SHOTS.flatMap(([name, caption]) => [`## ${caption}`, '', `![${caption}](screens/${name}.png)`, '']),
];
writeFileSync(join(root, 'docs', 'screens.md'), lines.join('\n'));
console.log(`Wrote docs/screens.md and ${SHOTS.length} screenshots in docs/screens/`);
