/**
 * The screens of the third round in a language of each script, Latin (US English, and German for the longest texts),
 * Cyrillic (Russian) and CJK (Japanese), at 320 px and at full width (1280 px): nothing wider than the window, no text
 * on another element's box, a focus ring on every Tab stop, and axe clean. Each screen is reached as a user reaches
 * it, in a browser set to the language; the screens of a language follow one another as one user goes through them
 * (signed out, then a token user's first sign-in, its passkey offer, its security page), so they run in order.
 */
import { readFileSync } from 'node:fs';
import { COBRAND_TEXT_FIELDS, type CobrandRecord } from '@portal/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, addUser } from '../support/admin';
import { baseUrl, expectAccessible, openPage, signInUrl, useChromium, type TrackedPage } from '../support/browser';
import { importCatalogue } from '../support/catalogue';
import { signedInEarlier } from '../support/sessions';
import { setNewPin, signInAs, signInAtProvider, virtualAuthenticator } from '../support/steps.mjs';
import { tokenUser, type TestToken } from '../support/tokens';
import { overlaps, sidewaysScroll, tabStopsWithoutRing } from '../support/layout';

const chromium = useChromium();
const LOCALES = ['en_US', 'de', 'ru', 'ja'] as const;
type Locale = (typeof LOCALES)[number];
const WIDTHS = [1280, 320];
const PIN = '1357';
const HOME = /\/sdportal\/platform\/home\?/;
const screen = (name: string, query: string) => `${baseUrl()}/public-portal-ui/${name}?${query}`;

/**
 * The cobrands these screens are reached through, offered in the four languages: skerrymoor (passkeys, for its token
 * users too, and recovery codes), veltmoor (single sign-on, OpenID Connect) and kestrelmark (SAML).
 */
const COBRANDS = ['skerrymoor', 'veltmoor', 'kestrelmark'];
const PLATFORM = JSON.parse(
  readFileSync(new URL('../../data/cobrands/default/cobrand.json', import.meta.url), 'utf8'),
) as CobrandRecord;

/** German, Russian and Japanese offered too: the platform's heading there, the bank's own names left in English. */
function offerEveryScript(record: CobrandRecord): void {
  const english = Object.fromEntries(
    COBRAND_TEXT_FIELDS.flatMap((field) => (record.cobrand[field] ? [[field, record.cobrand[field]]] : [])),
  );
  for (const locale of ['de', 'ru', 'ja']) {
    record.locales[locale] = PLATFORM.locales[locale]!;
    const signInToLabel = PLATFORM.translations![locale]!.signInToLabel;
    record.translations = { ...record.translations, [locale]: { ...english, signInToLabel } };
  }
  if (record.cobrand.name === 'skerrymoor') record.cobrand.passkeys = 'second-factor';
}

/** One language's run: its browser (the passkey offer kept, an authenticator), its user, its texts. */
interface Visit {
  locale: Locale;
  text: (key: string) => string;
  main: TrackedPage;
  user?: TestToken;
  /** Another browser in the language (its own cookies, the passkey offer skipped), closed after the screen. */
  other: (clock?: boolean) => Promise<TrackedPage>;
}

async function visit(locale: Locale, others: TrackedPage[]): Promise<Visit> {
  const texts = JSON.parse(
    readFileSync(new URL(`../../data/i18n/${locale}/PortalLabels.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;
  const browserLocale = locale.replace('_', '-');
  const main = await openPage(chromium.browser(), undefined, { passkeyOffer: true, locale: browserLocale });
  await virtualAuthenticator(main.page);
  return {
    locale,
    text: (key) => texts[key] ?? key,
    main,
    other: async (clock = false) => {
      const tracked = await openPage(chromium.browser(), undefined, { locale: browserLocale });
      if (clock) await tracked.context.clock.install();
      others.push(tracked);
      return tracked;
    },
  };
}

/** From the cobrand's sign-in page to its identity provider, signed in there as `user`, in a browser of its own. */
async function signOn(v: Visit, user: string): Promise<Page> {
  const { page } = await v.other();
  await page.goto(signInUrl('veltmoor'));
  await signInAtProvider(page, user, PASSWORD);
  return page;
}

/** A section of the security page (its heading's id is security-<name>). */
const section = (page: Page, name: string) => page.locator(`section[aria-labelledby="security-${name}"]`);

/** Each screen and how it is reached from where the one before left; answers the page that shows it. */
const SCREENS: { name: string; reach: (v: Visit) => Promise<Page> }[] = [
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
    async reach(v) {
      const page = await signOn(v, 'demossotoken');
      await page.waitForURL(/ssoStep=token/);
      await page.locator('#password').waitFor();
      return page;
    },
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
    name: 'logged out after a new PIN was saved',
    async reach(v) {
      const { page } = v.main;
      v.user = tokenUser(`e2escripts${v.locale.replace('_', '').toLowerCase()}`);
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
      const { page } = await v.other(true);
      await page.goto(signInUrl('skerrymoor'));
      // The warning counts from the page's first renewal: fast-forwarding before its answer would move nothing.
      const ping = page.waitForResponse('**/sdportal/rest/sessionExpire/pingPortal.json');
      await signInAs(page, addUser(`e2escriptsidle${v.locale.replace('_', '').toLowerCase()}`), PASSWORD);
      await page.waitForURL(HOME);
      await ping;
      await page.clock.fastForward('03:45');
      await page.locator('dialog.portal-session-warning').waitFor();
      await page.clock.fastForward('01:20');
      await expect.poll(() => page.locator('.portal-logout__notice').textContent()).toBe(v.text('logout.inactivity'));
      return page;
    },
  },
];

/** The checks at each width, the page in the language it was asked in. */
async function expectLaidOut(page: Page, locale: Locale, label: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale.replace('_', '-'));
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const at = `${label} at ${width} px`;
    expect(await sidewaysScroll(page), `${at}: wider than the window by`).toBeLessThanOrEqual(0);
    expect(await overlaps(page), `${at}: text on another element's box`).toEqual([]);
    expect(await tabStopsWithoutRing(page), `${at}: Tab stops without a visible focus`).toEqual([]);
    await expectAccessible(page, at);
  }
}

describe('the new screens in every script, at 320 px and 1280 px', () => {
  beforeAll(() => importCatalogue(COBRANDS, offerEveryScript));
  afterAll(() => importCatalogue(COBRANDS));

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

  describe.each(LOCALES)('%s', (locale) => {
    const others: TrackedPage[] = [];
    let v: Visit;
    beforeAll(async () => {
      v = await visit(locale, others);
    });
    afterAll(() => v?.main.context.close());

    it.each(SCREENS)('$name', async ({ name, reach }) => {
      try {
        const page = await reach(v);
        await expectLaidOut(page, locale, `${name} (${locale})`);
        for (const tracked of [v.main, ...others]) expect(tracked.problems).toEqual([]);
      } finally {
        for (const tracked of others.splice(0)) await tracked.context.close();
      }
    });
  });
});
