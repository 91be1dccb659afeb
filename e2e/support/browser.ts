/** Chromium for one test file, with the checks every page gets: axe-core, and no CSP or script errors. */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { PASSKEY_SKIP_COOKIE } from '@portal/contract';
import { launchChromium } from '../../scripts/chromium.mjs';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const baseUrl = (): string => inject('baseUrl');
export const signInUrl = (cobrand?: string, extra = '', base = baseUrl()): string =>
  `${base}/public-portal-ui/login-signin-component${cobrand ? `?cobrandHost=${cobrand}${extra}` : ''}`;

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Page errors and CSP refusals seen so far; a test ends by asserting there were none. */
  problems: string[];
}

/** The passkey offer's "Not now" on this browser: its sign-ins go where they lead. */
export const skipPasskeyOffer = (context: BrowserContext, base = baseUrl()): Promise<void> =>
  context.addCookies([{ name: PASSKEY_SKIP_COOKIE, value: '1', url: base }]);

/**
 * A browser that skipped the passkey offer (its cookie, as the offer's "Not now" sets it), so a sign-in lands where it
 * leads; `passkeyOffer` keeps the offer for the tests of passkeys.
 */
export async function openPage(
  browser: Browser,
  viewport = { width: 1024, height: 900 },
  { passkeyOffer = false, locale }: { passkeyOffer?: boolean; locale?: string } = {},
): Promise<TrackedPage> {
  // `locale`: the browser's language, in navigator.languages and Accept-Language alike.
  const context = await browser.newContext({ viewport, ...(locale ? { locale } : {}) });
  if (!passkeyOffer) await skipPasskeyOffer(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
  });
  return { page, context, problems };
}

/** Runs axe-core on the page as it is now; any violation fails the test with its rule and nodes. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // axe judges the settled page: a fade-in caught half way reads as low contrast (seen on a loaded CI machine).
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      try {
        animation.finish();
      } catch {
        // An endless animation (a spinner) has no end state to jump to; its colours do not change.
      }
    }
  });
  // page.evaluate runs outside the page's CSP, so the strict policy need not be loosened for the check.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations, `axe violations on ${label}`).toEqual([]);
}

/**
 * axe on a page as the service answered it to a browser without JavaScript: axe is a script, which such a context
 * cannot run, so the same HTML is opened at its address in another context of `browser`, the page's own scripts refused.
 */
export async function accessibleAsAnswered(browser: Browser, answer: Response | null, label: string): Promise<void> {
  // What a browser without scripts reads inside <noscript> (the page's no-script stylesheet) applies here too.
  const html = (await answer!.text()).replace(/<noscript>([\s\S]*?)<\/noscript>/g, '$1');
  const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
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

/**
 * One Chromium per test file. `withPage` gives a test a fresh browser context and fails it on any page error or CSP
 * refusal seen meanwhile.
 */
export function useChromium(): {
  browser: () => Browser;
  withPage: (
    run: (tracked: TrackedPage) => Promise<void>,
    options?: { passkeyOffer?: boolean; locale?: string },
  ) => Promise<void>;
} {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const current = (): Browser => {
    if (!browser) throw new Error('Chromium did not start');
    return browser;
  };
  return {
    browser: current,
    async withPage(run, options) {
      const tracked = await openPage(current(), undefined, options);
      try {
        await run(tracked);
        expect(tracked.problems).toEqual([]);
      } finally {
        await tracked.context.close();
      }
    },
  };
}

/** Signs in through the sign-in form of a cobrand, as a user would. */
export async function signInThroughForm(
  page: Page,
  cobrand: string,
  userId: string,
  password: string,
  base = baseUrl(),
): Promise<void> {
  await page.goto(signInUrl(cobrand, '', base));
  await page.getByLabel('User ID', { exact: true }).fill(userId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Once the page has taken its session's end from the service's answer (the dialog's spoken time is rendered then, even
 * while the dialog is closed). The answer arriving is not enough: fast-forwarding before the page has read it would
 * leave the warning a whole session away.
 */
export const sessionClockRunning = (page: Page): Promise<void> =>
  page.locator('#session-warning-message .portal-visually-hidden').waitFor({ state: 'attached' });
