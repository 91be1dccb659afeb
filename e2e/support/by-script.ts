/**
 * Screens in a language of each script, Latin (US English, and German for the longest texts), Cyrillic (Russian) and
 * CJK (Japanese), at 320 px and at full width (1280 px): nothing wider than the window, no text on another element's
 * box, a focus ring on every Tab stop, and axe clean. Each screen is reached as a user reaches it, in a browser set to
 * the language; a language's screens follow one another, so they run in order. A test file lists its screens and
 * hands them to `describeByScript`.
 */
import { readFileSync } from 'node:fs';
import { COBRAND_TEXT_FIELDS, type CobrandRecord } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from './admin';
import { baseUrl, expectAccessible, openPage, sessionClockRunning, signInUrl, type TrackedPage } from './browser';
import { importCatalogue } from './catalogue';
import { overlaps, pastTheWindow, sidewaysScroll, tabStopsWithoutRing } from './layout';
import { signInAs, signInAtProvider, virtualAuthenticator } from './steps.mjs';
import type { TestToken } from './tokens';

export const LOCALES = ['en_US', 'de', 'ru', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];
const WIDTHS = [1280, 320];
export const HOME = /\/sdportal\/platform\/home\?/;
export const screen = (name: string, query: string) => `${baseUrl()}/public-portal-ui/${name}?${query}`;

/**
 * The cobrands these screens are reached through, offered in the four languages: skerrymoor (passkeys, for its token
 * users too, and recovery codes), veltmoor (single sign-on, OpenID Connect), kestrelmark (SAML) and brackenmoor (a new
 * browser's password sign-in waits for a mailed code).
 */
const COBRANDS = ['skerrymoor', 'veltmoor', 'kestrelmark', 'brackenmoor'];
export const CODE_COBRAND = 'brackenmoor';
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
  if (record.cobrand.name === CODE_COBRAND) record.newDeviceVerification = 'email';
}

/** One language's run: its browser (the passkey offer kept, an authenticator), its user, its texts. */
export interface Visit {
  locale: Locale;
  /** A short tag of the language for user IDs (enus, de, ru, ja). */
  tag: string;
  text: (key: string) => string;
  main: TrackedPage;
  user?: TestToken;
  /**
   * Another browser in the language (its own cookies, the passkey offer skipped; `clock`: a fake clock installed;
   * `script: false`: the page's own scripts refused), closed after the screen unless the next one goes on from it.
   */
  other: (options?: { clock?: boolean; script?: boolean }) => Promise<TrackedPage>;
}

async function visit(browser: Browser, locale: Locale, others: TrackedPage[]): Promise<Visit> {
  const texts = JSON.parse(
    readFileSync(new URL(`../../data/i18n/${locale}/PortalLabels.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;
  const browserLocale = locale.replace('_', '-');
  const main = await openPage(browser, undefined, { passkeyOffer: true, locale: browserLocale });
  await virtualAuthenticator(main.page);
  return {
    locale,
    tag: locale.replace('_', '').toLowerCase(),
    text: (key) => texts[key] ?? key,
    main,
    other: async ({ clock = false, script = true } = {}) => {
      const tracked = await openPage(browser, undefined, { locale: browserLocale });
      if (clock) await tracked.context.clock.install();
      if (!script) await tracked.page.route('**/public-portal-ui/static/*.js', (route) => route.abort());
      others.push(tracked);
      return tracked;
    },
  };
}

/** From the cobrand's sign-in page to its identity provider, signed in there as `user`, in a browser of its own. */
export async function signOn(v: Visit, user: string): Promise<Page> {
  const { page } = await v.other();
  await page.goto(signInUrl('veltmoor'));
  await signInAtProvider(page, user, PASSWORD);
  return page;
}

/** A token user back from veltmoor's identity provider, on the passcode step. */
export async function passcodeStep(v: Visit): Promise<Page> {
  const page = await signOn(v, 'demossotoken');
  await page.waitForURL(/ssoStep=token/);
  await page.locator('#password').waitFor();
  return page;
}

/**
 * `userId` signed in on skerrymoor in a browser of its own on a fake clock, run on until the session warning is open
 * (80 s before the session ends).
 */
export async function sessionWarningOpen(v: Visit, userId: string): Promise<Page> {
  const { page } = await v.other({ clock: true });
  await page.goto(signInUrl('skerrymoor'));
  // The warning counts from the page's first renewal: fast-forwarding before its answer would move nothing.
  const ping = page.waitForResponse('**/sdportal/rest/sessionExpire/pingPortal.json');
  await signInAs(page, userId, PASSWORD);
  await page.waitForURL(HOME);
  await ping;
  await sessionClockRunning(page);
  await page.clock.fastForward('03:45');
  await page.locator('dialog.portal-session-warning').waitFor();
  return page;
}

/** A section of the security page (its heading's id is security-<name>). */
export const section = (page: Page, name: string) => page.locator(`section[aria-labelledby="security-${name}"]`);

/**
 * A screen and how it is reached from where the one before left (the language's main browser, or with `continues`
 * the page the screen before answered); answers the page that shows it.
 */
export interface Screen {
  name: string;
  continues?: boolean;
  reach: (v: Visit, previous: Page) => Promise<Page>;
}

/** The checks at each width, the page in the language it was asked in. */
async function expectLaidOut(page: Page, locale: Locale, label: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale.replace('_', '-'));
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const at = `${label} at ${width} px`;
    const sideways = await sidewaysScroll(page);
    if (sideways > 0) expect.fail(`${at}: wider than the window by ${sideways} px: ${await pastTheWindow(page)}`);
    expect(await overlaps(page), `${at}: text on another element's box`).toEqual([]);
    expect(await tabStopsWithoutRing(page), `${at}: Tab stops without a visible focus`).toEqual([]);
    await expectAccessible(page, at);
  }
}

/** The screens in each language, with the cobrands offering them (and `more`: other tests under the same offer). */
export function describeByScript(title: string, browser: () => Browser, screens: Screen[], more = () => {}): void {
  describe(title, () => {
    beforeAll(() => importCatalogue(COBRANDS, offerEveryScript));
    afterAll(() => importCatalogue(COBRANDS));
    more();

    describe.each(LOCALES)('%s', (locale) => {
      const others: TrackedPage[] = [];
      let v: Visit;
      let previous: Page;
      beforeAll(async () => {
        v = await visit(browser(), locale, others);
        previous = v.main.page;
      });
      afterAll(async () => {
        for (const tracked of [v?.main, ...others.splice(0)]) await tracked?.context.close();
      });

      it.each(screens.map((entry, i) => ({ ...entry, next: screens[i + 1] })))('$name', async (entry) => {
        try {
          previous = await entry.reach(v, entry.continues ? previous : v.main.page);
          await expectLaidOut(previous, locale, `${entry.name} (${locale})`);
          for (const tracked of [v.main, ...others]) expect(tracked.problems).toEqual([]);
        } finally {
          if (!entry.next?.continues) for (const tracked of others.splice(0)) await tracked.context.close();
        }
      });
    });
  });
}
