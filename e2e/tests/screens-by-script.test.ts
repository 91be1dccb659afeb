/**
 * The screens of the third round in a language of each script, at 320 px and at full width (support/by-script.ts):
 * the screens of a language follow one another as one user goes through them (signed out, a password user's sign-in
 * held for the new-device code, then a token user's first sign-in, its passkey offer, its security page).
 */
import { expect, it } from 'vitest';
import { PASSWORD, addUser } from '../support/admin';
import { openPage, signInUrl, useChromium } from '../support/browser';
import {
  CODE_COBRAND,
  HOME,
  describeByScript,
  passcodeStep,
  screen,
  section,
  sessionWarningOpen,
  signOn,
  type Screen,
} from '../support/by-script';
import { overlaps, sidewaysScroll, tabStopsWithoutRing } from '../support/layout';
import { waitForMail } from '../support/mailbox';
import { signedInEarlier } from '../support/sessions';
import { setNewPin, signInAs } from '../support/steps.mjs';
import { tokenUser } from '../support/tokens';

const chromium = useChromium();
const PIN = '1357';
/** The code cobrand's password user, whose sign-in from each language's new browser is held for the mailed code. */
let heldUser: string | undefined;

/** Each screen and how it is reached from where the one before left; answers the page that shows it. */
const SCREENS: Screen[] = [
  {
    name: 'recovery-code sign-in',
    async reach({ main: { page } }) {
      await page.goto(screen('recovery-code-component', 'cobrandHost=skerrymoor'));
      await page.locator('#code').waitFor();
      return page;
    },
  },
  {
    name: 'recovery-code sign-in, submitted empty',
    async reach({ main: { page } }) {
      await page.locator('form.portal-form button[type="submit"]').click();
      await page.locator('.portal-error-summary').waitFor();
      return page;
    },
  },
  {
    // Where the service sends a browser that posted a SAML answer the portal did not ask for (sso-start-page.test.ts).
    name: 'single sign-on to start at the portal',
    async reach({ main: { page } }) {
      await page.goto(screen('sso-start-at-portal', 'cobrandHost=kestrelmark'));
      await page.locator('.portal-sso-start').waitFor();
      return page;
    },
  },
  {
    name: 'single sign-on, then the passcode step',
    reach: passcodeStep,
  },
  {
    name: 'single sign-on with no account',
    async reach(v) {
      const page = await signOn(v, 'demonoaccount');
      await page.locator('.portal-sso-no-account').waitFor();
      return page;
    },
  },
  {
    name: 'logged out after single sign-on',
    async reach(v) {
      const page = await signOn(v, 'demosso');
      await page.waitForURL(HOME);
      await page.getByRole('link', { name: v.text('home.logout') }).click();
      await page.locator('.portal-logout__sso').waitFor();
      return page;
    },
  },
  {
    name: 'logout opened from another site, asking first',
    async reach({ main: { page } }) {
      await page.goto(screen('logout-component', 'cobrandHost=skerrymoor&confirm=1'));
      await page.locator('.portal-logout__confirm').waitFor();
      return page;
    },
  },
  {
    // A new password user's first sign-in, in this browser that has not signed in to it (the code mailed to the sink).
    name: 'new-device code',
    async reach(v) {
      const { page } = v.main;
      heldUser ??= addUser(`e2escriptscode${Date.now()}`, CODE_COBRAND);
      await page.goto(signInUrl(CODE_COBRAND));
      await signInAs(page, heldUser, PASSWORD);
      await page.waitForURL(/\/device-code-component\?/);
      await page.locator('#code').waitFor();
      return page;
    },
  },
  {
    name: 'new-device code, a wrong one',
    async reach({ main: { page } }) {
      const code = /^ {4}(\d{6})$/m.exec((await waitForMail(`${heldUser}@example.com`, /./)).text)![1]!;
      await page.locator('#code').fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
      await page.locator('form.portal-form button[type="submit"]').first().click();
      await page.locator('.portal-error-summary').waitFor();
      return page;
    },
  },
  {
    name: 'logged out after a new PIN was saved',
    async reach(v) {
      const { page } = v.main;
      v.user = tokenUser(`e2escripts${v.tag}`);
      await page.goto(signInUrl('skerrymoor'));
      await signInAs(page, v.user.userId, v.user.code(-1));
      await page.locator('#pin').waitFor();
      await setNewPin(page, PIN, v.user.code(0));
      await expect.poll(() => page.locator('.portal-logout__notice').textContent()).toBe(v.text('logout.pinSaved'));
      return page;
    },
  },
  {
    name: 'passkey offer',
    async reach({ main: { page }, user }) {
      await page.goto(signInUrl('skerrymoor'));
      await signInAs(page, user!.userId, `${PIN}${user!.code(1)}`);
      await page.locator('#passkey-create').waitFor();
      return page;
    },
  },
  {
    name: 'security page: sessions, a passkey, devices, new recovery codes',
    async reach({ main: { page }, text }) {
      await page.locator('#passkey-create').click();
      await page.waitForURL(HOME);
      await page.goto(screen('security-component', 'cobrandHost=skerrymoor'));
      await section(page, 'passkeys').locator('.portal-security__item').waitFor();
      await section(page, 'devices').locator('.portal-security__item').waitFor();
      await section(page, 'recovery-codes')
        .getByRole('button', { name: text('security.recoveryCodes.create') })
        .click();
      await page.getByRole('button', { name: text('security.recoveryCodes.createYes') }).click();
      await expect.poll(() => page.locator('.portal-security__codes li').count()).toBe(10);
      return page;
    },
  },
  {
    // Signed in in another browser too (with a recovery code), so each list has more than this browser's line.
    name: 'security page: sign in again to change how you sign in',
    async reach(v) {
      const { page } = v.main;
      const code = (await page.locator('.portal-security__codes li').first().textContent())!.trim();
      const { page: other } = await v.other();
      await other.goto(screen('recovery-code-component', 'cobrandHost=skerrymoor'));
      await other.locator('#userId').fill(v.user!.userId);
      await other.locator('#pin').fill(PIN);
      await other.locator('#code').fill(code);
      await other.locator('form.portal-form button[type="submit"]').click();
      await other.waitForURL(HOME);
      await page.reload();
      await section(page, 'sessions').locator('.portal-security__item').nth(1).waitFor();
      signedInEarlier(v.user!.userId, 6);
      await section(page, 'passkeys')
        .getByRole('button', { name: v.text('security.passkeys.add') })
        .click();
      await section(page, 'passkeys')
        .getByRole('link', { name: v.text('security.signInAgainLink') })
        .waitFor();
      return page;
    },
  },
  {
    name: 'logged out after the session warning ran out',
    async reach(v) {
      const page = await sessionWarningOpen(v, addUser(`e2escriptsidle${v.tag}`));
      await page.clock.fastForward('01:20');
      await expect.poll(() => page.locator('.portal-logout__notice').textContent()).toBe(v.text('logout.inactivity'));
      return page;
    },
  },
];

describeByScript('the new screens in every script, at 320 px and 1280 px', chromium.browser, SCREENS, () => {
  it('report a word too long for its box (sideways scroll, text on the next element) and a focus styled away', async () => {
    const { page, context, problems } = await openPage(
      chromium.browser(),
      { width: 320, height: 900 },
      { locale: 'de' },
    );
    try {
      await page.goto(screen('recovery-code-component', 'cobrandHost=skerrymoor'));
      const heading = page.locator('h1.portal-heading');
      await expect.poll(() => heading.textContent()).toBe('Mit einem Wiederherstellungscode anmelden');
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await overlaps(page)).toEqual([]);
      expect(await tabStopsWithoutRing(page)).toEqual([]);
      // As a bank's stylesheet might set it: larger, six letters wide and one line high, no word broken. The word
      // "Wiederherstellungscode" sticks out of it past the window's edge; its further lines run onto the introduction.
      const style = { fontSize: '2.5rem', width: '6em', height: '1.25em', overflowWrap: 'normal' };
      await heading.evaluate((h1, set) => Object.assign(h1.style, set), style);
      expect(await sidewaysScroll(page)).toBeGreaterThan(0);
      expect(await overlaps(page)).toContainEqual(expect.stringMatching(/^h1\.portal-heading .*↔ p\.portal-hint/));
      await page
        .locator('#code')
        .evaluate((field) => Object.assign(field.style, { outline: 'none', boxShadow: 'none' }));
      expect(await tabStopsWithoutRing(page)).toEqual([expect.stringMatching(/^input#code/)]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
