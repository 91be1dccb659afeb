/**
 * No screen shows an error or takes focus on load unless the server sent one (issue 50, "Screens"): every page the
 * service serves is opened as it is normally, then at a second host name (127.0.0.1, where the passkey autofill fails
 * with the browser's SecurityError) and with its background calls refused (429 with Retry-After, 503 busy, a WebAuthn
 * ceremony rejected with SecurityError). On each, once its script has settled, nothing reads as an error and focus is
 * where the same page puts it when nothing is refused. A screen that needs a session is opened signed in too, and the
 * new-device code's screen at a password sign-in held for it.
 */
import {
  ErrorCodes,
  PASSKEY_OFFER_SCREEN,
  PLATFORM_PAGES,
  PORTAL_UI_BASE,
  Paths,
  ROUTES,
  SSO_START_AT_PORTAL_SCREEN,
  ServicePaths,
} from '@portal/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, addUser } from '../support/admin';
import { baseUrl, openPage, skipPasskeyOffer, useChromium, type TrackedPage } from '../support/browser';
import { importCatalogue } from '../support/catalogue';
import { signInAs } from '../support/steps.mjs';

const chromium = useChromium();
const HOME = /\/sdportal\/platform\/home\?/;

interface Screen {
  name: string;
  path: string;
  /** Opened signed in as a password user (signed out too: the screen then moves on, as it does for anyone). */
  signedIn?: boolean;
  /** Opened at the address a password user's sign-in from this new browser was held at (the new-device code). */
  held?: boolean;
  /**
   * The notices the screen shows, without taking focus, where the call that brings its own content (not a background
   * call) is refused for load or an outage: the server sent that refusal, and the content is not there to show.
   */
  contentRefused?: string[];
}
const q = (cobrand: string, extra = '') => `?cobrandHost=${cobrand}${extra}`;
/**
 * The cobrand whose password users a new browser asks for a mailed code: the shared portal asks none by default, so it
 * is turned on in this cobrand's record alone (no other screen here signs in to it; its users go to the mail sink).
 */
const CODE_COBRAND = 'brackenmoor';
/** Every page the service serves (server/src/pages/routes.ts's PAGE_NAMES), each the way a browser comes to it. */
const SCREENS: Screen[] = [
  { name: 'sign-in', path: `${PORTAL_UI_BASE}login-signin-component${q('skerrymoor')}` },
  { name: 'forgot password', path: `${PORTAL_UI_BASE}forgot-password-component${q('skerrymoor')}` },
  {
    name: 'change password',
    path: `${PORTAL_UI_BASE}change-password-component${q('skerrymoor', '&dest=MyProfile')}`,
    signedIn: true,
  },
  { name: 'new PIN', path: `${PORTAL_UI_BASE}new-rsa-pin-component${q('skerrymoor')}` },
  { name: 'next token', path: `${PORTAL_UI_BASE}next-token-component${q('skerrymoor')}` },
  { name: 'logout, asking first', path: `${PORTAL_UI_BASE}logout-component${q('skerrymoor', '&confirm=1')}` },
  {
    name: 'security page',
    path: `${PORTAL_UI_BASE}security-component${q('skerrymoor')}`,
    signedIn: true,
    // Its passkeys, trusted devices and recovery codes sections are each loaded by the page's script.
    contentRefused: Array(3).fill('p.portal-security__error "This could not be done just now. Please try again."'),
  },
  { name: 'passkey offer', path: `${PORTAL_UI_BASE}passkey-offer-component${q('skerrymoor')}`, signedIn: true },
  { name: 'recovery code', path: `${PORTAL_UI_BASE}recovery-code-component${q('skerrymoor')}` },
  { name: 'new-device code', path: `${PORTAL_UI_BASE}device-code-component${q(CODE_COBRAND)}`, held: true },
  { name: 'SSO, no account', path: `${PORTAL_UI_BASE}sso-no-account${q('veltmoor')}` },
  { name: 'SSO, start at the portal', path: `${PORTAL_UI_BASE}sso-start-at-portal${q('kestrelmark')}` },
  { name: 'not found', path: `${PORTAL_UI_BASE}no-such-screen${q('skerrymoor')}` },
  { name: 'stand-in', path: `${PLATFORM_PAGES.cookieNotice}${q('skerrymoor')}` },
  { name: 'home', path: `${Paths.platformHome}${q('skerrymoor')}`, signedIn: true },
];

/** The second host name of the same portal: its cookies and the passkeys' relying party are localhost's. */
const secondHost = () => baseUrl().replace('//localhost:', '//127.0.0.1:');

/** How a condition spoils the page before it loads; it calls `bit` each time it refuses something. */
type Spoil = (page: Page, bit: () => void) => Promise<unknown>;

/** The page's own background calls (fetch and XHR) answered with `status`; its document, scripts and styles go. */
const refuseCalls =
  (status: number): Spoil =>
  (page, bit) =>
    page.route('**/*', (route) => {
      if (!['fetch', 'xhr'].includes(route.request().resourceType())) return route.continue();
      bit();
      const code = status === 429 ? ErrorCodes.throttled : ErrorCodes.busy;
      return route.fulfill({
        status,
        headers: { 'retry-after': '1' },
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ code, message: 'Refused by the test' }] }),
      });
    });

/** Every WebAuthn ceremony the page starts is refused as a browser refuses a relying party not its host's. */
const refuseWebAuthn: Spoil = async (page, bit) => {
  page.on('console', (message) => {
    if (message.text() === 'ceremony refused') bit();
  });
  await page.addInitScript(() => {
    if (!navigator.credentials) return;
    navigator.credentials.get = () => {
      console.log('ceremony refused');
      return Promise.reject(
        new DOMException('The relying party ID is not a registrable domain suffix', 'SecurityError'),
      );
    };
    navigator.credentials.create = navigator.credentials.get;
  });
};

/** At the second host name the browser itself refuses the autofill's ceremony, and the page tells the service. */
const reportedRefusals: Spoil = async (page, bit) => {
  page.on('request', (request) => {
    if (request.url().endsWith(Paths.logErrorStatement) && /SecurityError/.test(request.postData() ?? '')) bit();
  });
};

/** `refusesContent`: the condition refuses the calls that bring a screen's own content, which it then says. */
const CONDITIONS: { name: string; base: () => string; spoil?: Spoil; refusesContent?: boolean }[] = [
  { name: 'at a second host name', base: secondHost, spoil: reportedRefusals },
  { name: 'its calls answered 429', base: baseUrl, spoil: refuseCalls(429), refusesContent: true },
  { name: 'its calls answered 503', base: baseUrl, spoil: refuseCalls(503), refusesContent: true },
  { name: 'its passkey ceremony refused (SecurityError)', base: baseUrl, spoil: refuseWebAuthn },
];

/** What a user meets once the page's script has settled: where the browser is, what has focus, what reads as an error. */
interface OnLoad {
  /** How many times the condition refused something on the way (0 unless it spoilt the page). */
  refused?: number;
  path: string;
  focus: string;
  errors: string[];
}

const ERRORS = [
  '.portal-error-summary',
  '[role="alert"]',
  '.portal-field__error',
  '.portal-security__error',
  '[aria-invalid="true"]',
].join(', ');

/** Waits until the page and any page it moves on to by itself is done with the network, then reads it. */
async function onLoad(page: Page): Promise<OnLoad> {
  // A page that moves on while it is read (a sign-in's last redirect, late on a loaded machine) is waited for again.
  for (let tries = 1; ; tries += 1) {
    let url = '';
    while (url !== page.url()) {
      url = page.url();
      await page.waitForLoadState('networkidle');
    }
    try {
      return await readPage(page);
    } catch (error) {
      if (tries === 5 || !/Execution context was destroyed/.test(String(error))) throw error;
    }
  }
}

function readPage(page: Page): Promise<OnLoad> {
  return page.evaluate((selector) => {
    const describe = (element: Element) =>
      `${element.localName}${element.id ? `#${element.id}` : ''}${[...element.classList].map((c) => `.${c}`).join('')}`;
    const active = document.activeElement;
    const errors = [...document.querySelectorAll(selector)]
      .filter((element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
      .filter((element) => element.textContent?.trim() || element.matches('[aria-invalid="true"]'))
      .map((element) => `${describe(element)} "${element.textContent?.trim().slice(0, 80)}"`);
    return {
      path: location.pathname,
      focus: !active || active === document.body ? 'body' : describe(active),
      errors,
    };
  }, ERRORS);
}

/** The cookies of a browser signed in (or held at the code's screen), and the address the screen is opened at. */
interface Arrival {
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
  url?: string;
}
/**
 * One sign-in for each address and kind, its cookies handed to every fresh browser that opens a screen needing it:
 * opening a screen changes nothing of the session or the held sign-in, so each condition meets the same arrival.
 */
const arrivals = new Map<string, Promise<Arrival>>();

async function arrive(base: string, held: boolean): Promise<Arrival> {
  const tracked = await openPage(chromium.browser());
  try {
    await skipPasskeyOffer(tracked.context, base);
    const cobrand = held ? CODE_COBRAND : 'skerrymoor';
    const user = addUser(`e2eonload${held ? 'code' : ''}${arrivals.size}x${Date.now()}`, cobrand);
    await tracked.page.goto(`${base}${PORTAL_UI_BASE}login-signin-component${q(cobrand)}`);
    await signInAs(tracked.page, user, PASSWORD);
    await tracked.page.waitForURL(held ? /\/device-code-component\?attempt=/ : HOME);
    await onLoad(tracked.page);
    return { cookies: await tracked.context.cookies(), url: held ? tracked.page.url() : undefined };
  } finally {
    await tracked.context.close();
  }
}

/** A fresh browser at `base`, signed in or held for a screen that needs it; answers it and the address to open. */
async function browserFor(screen: Screen, base: string): Promise<{ tracked: TrackedPage; url: string }> {
  const tracked = await openPage(chromium.browser());
  await skipPasskeyOffer(tracked.context, base);
  if (!screen.signedIn && !screen.held) return { tracked, url: `${base}${screen.path}` };
  const key = `${base} ${screen.held ? 'held' : 'signed in'}`;
  if (!arrivals.has(key)) arrivals.set(key, arrive(base, Boolean(screen.held)));
  const { cookies, url } = await arrivals.get(key)!;
  await tracked.context.addCookies(cookies);
  return { tracked, url: url ?? `${base}${screen.path}` };
}

/**
 * Opens the screen as the condition spoils it. `meets`: the condition is known to refuse something on this screen, so
 * it is read once it has (a loaded machine can finish the page's network before the browser refuses the ceremony).
 */
async function open(screen: Screen, base: string, spoil?: Spoil, meets = false): Promise<OnLoad> {
  const { tracked, url } = await browserFor(screen, base);
  try {
    let refused = 0;
    await spoil?.(tracked.page, () => (refused += 1));
    await tracked.page.goto(url);
    if (meets) await expect.poll(() => refused, { timeout: 15_000 }).toBeGreaterThan(0);
    const seen = await onLoad(tracked.page);
    expect(tracked.problems, `${screen.name}: page errors`).toEqual([]);
    return { ...seen, refused };
  } finally {
    await tracked.context.close();
  }
}

describe('every screen on load', () => {
  /** Where each page puts focus when nothing is refused, by the path the browser ends on. */
  const usualFocus = new Map<string, string>();

  beforeAll(async () => {
    await importCatalogue([CODE_COBRAND], (record) => (record.newDeviceVerification = 'email'));
    for (const screen of SCREENS) {
      const seen = await open(screen, baseUrl());
      expect(seen.errors, `${screen.name}, loaded normally`).toEqual([]);
      usualFocus.set(seen.path, seen.focus);
    }
  }, 180_000);
  afterAll(() => importCatalogue([CODE_COBRAND]));

  /**
   * The check each condition's screen is held to: no error shown (but the notices of its own content refused, where
   * the condition refused it), focus where that page usually puts it.
   */
  const expectQuiet = (seen: OnLoad, label: string, allowed: string[] = []) => {
    expect(seen.errors, `${label}: errors shown on ${seen.path}`).toEqual(allowed);
    expect(seen.focus, `${label}: focus on load at ${seen.path}`).toBe(usualFocus.get(seen.path) ?? 'body');
  };

  it('report an error summary put into the page and focused, as a refused call might', async () => {
    const { page, context, problems } = await openPage(chromium.browser());
    try {
      await page.goto(`${baseUrl()}${SCREENS[0]!.path}`);
      const before = await onLoad(page);
      expectQuiet(before, 'sign-in, loaded normally');
      await page.locator('main').evaluate((main) => {
        const summary = Object.assign(document.createElement('div'), { className: 'portal-error-summary' });
        summary.tabIndex = -1;
        summary.innerHTML = '<div role="alert"><h2>Something went wrong</h2></div>';
        main.prepend(summary);
        summary.focus();
      });
      const after = await onLoad(page);
      expect(after.errors).toEqual(['div.portal-error-summary "Something went wrong"', 'div "Something went wrong"']);
      expect(after.focus).toBe('div.portal-error-summary');
      expect(() => expectQuiet(after, 'broken')).toThrow(/errors shown/);
      expect(() => expectQuiet({ ...after, errors: [] }, 'broken')).toThrow(/focus on load/);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('cover every screen route, and the pages the service serves beside them', () => {
    const named = [...ROUTES, PASSKEY_OFFER_SCREEN, SSO_START_AT_PORTAL_SCREEN, ServicePaths.ssoNoAccount];
    const opened = SCREENS.map((screen) => screen.path.split('?')[0]);
    for (const path of named) expect(opened).toContainEqual(expect.stringMatching(new RegExp(`${path}$`)));
  });

  describe.each(CONDITIONS)('$name', ({ name, base, spoil, refusesContent }) => {
    it.each(SCREENS.map((screen, index) => ({ ...screen, index })))('$name', async (screen) => {
      const seen = await open(screen, base(), spoil, screen.index === 0);
      const ownPath = seen.path === screen.path.split('?')[0];
      const allowed = refusesContent && ownPath ? (screen.contentRefused ?? []) : [];
      expectQuiet(seen, `${screen.name}, ${name}`, allowed);
      // The condition met the page: the sign-in page's passkey autofill starts on load with a call and a ceremony.
      if (screen.index === 0) expect(seen.refused, `${name} refused nothing on the sign-in page`).toBeGreaterThan(0);
    });
  });
});
