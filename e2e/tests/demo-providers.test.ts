/**
 * The demo identity providers as `npm start` runs them: its launcher (scripts/start.mjs) under plain Node, not inside
 * Vitest, with the built portal as its child. Each SSO demo user (README's table) goes from the cobrand's sign-in page
 * to the provider's login page and back, over real HTTP, as a browser without scripts would; so do the demo's console
 * operators, to the help-desk console on the admin listener.
 */
import { Paths, ServicePaths } from '@portal/contract';
import { CONSOLE_BASE, ConsolePaths } from '@portal/contract/console';
import { describe, expect, inject, it } from 'vitest';

// The browser tests' portal is started as `npm start` starts it (setup/server.ts runs its launcher, scripts/start.mjs,
// under plain Node), so the demo providers here are the ones `npm start` runs.
const base = inject('baseUrl');
const DEMO_PASSWORD = 'Portal-Demo-2026';
// Where the shipped catalogue has its SSO cobrands sign in (data/cobrands/*/cobrand.json).
const OIDC = 'http://localhost:4011';
const SAML = 'http://localhost:4012';

const unescapeHtml = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The provider's auto-posting form: where it posts, and what. */
function samlPost(page: string): { action: string; SAMLResponse: string; RelayState: string } {
  const value = (name: string) => unescapeHtml(new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? '');
  return {
    action: unescapeHtml(/action="([^"]+)"/.exec(page)?.[1] ?? ''),
    SAMLResponse: value('SAMLResponse'),
    RelayState: value('RelayState'),
  };
}

interface Visit {
  url: string;
  status: number;
  page: string;
}

/** A browser without scripts: one cookie jar for the portal and the providers (cookies ignore ports), redirects followed. */
class Browser {
  private readonly jar = new Map<string, { value: string; path: string }>();

  async open(url: string, form?: Record<string, string>): Promise<Visit> {
    let response = await this.request(url, form);
    while (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location')!, url).href;
      response = await this.request(url);
    }
    return { url, status: response.status, page: await response.text() };
  }

  private async request(url: string, form?: Record<string, string>): Promise<Response> {
    const path = new URL(url).pathname;
    const cookies = [...this.jar].filter(([, c]) => path.startsWith(c.path)).map(([k, c]) => `${k}=${c.value}`);
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
        cookie: cookies.join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
      if (/^max-age=0$/i.test(attributes.find((a) => /^max-age=/i.test(a)) ?? '')) this.jar.delete(pair.slice(0, at));
      else this.jar.set(pair.slice(0, at), { value: pair.slice(at + 1), path });
    }
    return response;
  }
}

const hiddenFields = (page: string) =>
  Object.fromEntries(
    [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
    ]),
  );

/** Sent from `start` to the provider's login page, the user's name and the demo password posted there. */
async function logInAt(browser: Browser, start: string, provider: string, userId: string): Promise<Visit> {
  const login = await browser.open(start);
  expect(login.url.startsWith(`${provider}/`), login.url).toBe(true);
  expect({ status: login.status, page: login.page }).toMatchObject({
    status: 200,
    page: expect.stringContaining('Password'),
  });
  return browser.open(login.url, { ...hiddenFields(login.page), username: userId, password: DEMO_PASSWORD });
}

/**
 * From the cobrand's sign-in page to the provider's login page, the user's name and the demo password posted there,
 * and back to the portal: the page it ends on, with SAML's auto-posting form posted as its script would.
 */
async function signOn(browser: Browser, cobrand: string, provider: string, userId: string): Promise<Visit> {
  const signIn = await browser.open(`${base}/public-portal-ui/login-signin-component?cobrandHost=${cobrand}`);
  expect(signIn.status).toBe(200);
  // The page's script goes at once to the cobrand's SSO address, which it carries in its page data.
  const data = /<script type="application\/json" id="portal-page-data">(.*?)<\/script>/s.exec(signIn.page)?.[1];
  const redirect = (JSON.parse(data ?? '{}') as { cobrand?: { fssoRedirectUrl?: string } }).cobrand?.fssoRedirectUrl;
  expect(redirect).toBe(Paths.ssoStart(cobrand));

  const answer = await logInAt(browser, new URL(redirect!, base).href, provider, userId);
  if (!answer.url.startsWith(provider)) return answer;
  // SAML: the provider's page posts the signed answer back to the portal.
  expect(answer.page, 'the provider answers its auto-posting form').toContain('name="SAMLResponse"');
  const { action, SAMLResponse, RelayState } = samlPost(answer.page);
  expect(action).toBe(`${base}${ServicePaths.ssoCallback(cobrand)}`);
  return browser.open(action, { SAMLResponse, RelayState });
}

async function sessionOf(browser: Browser): Promise<unknown> {
  const session = await browser.open(`${base}${Paths.session}`);
  return session.status === 200 ? JSON.parse(session.page) : session.status;
}

describe("npm start's demo identity providers", () => {
  it.each([
    ['demosaml', 'kestrelmark', 'SAML 2.0', SAML],
    ['demosso', 'veltmoor', 'OpenID Connect', OIDC],
    ['demoamber', 'amberlode', 'OpenID Connect', OIDC],
  ])(
    'sign %s in from the %s sign-in page (%s) to the platform page, with a session',
    async (userId, cobrand, _, idp) => {
      const browser = new Browser();
      const landed = await signOn(browser, cobrand, idp, userId);
      expect(landed.url).toBe(`${base}${Paths.platformHome}?cobrandHost=${cobrand}`);
      expect(landed.status).toBe(200);
      expect(await sessionOf(browser)).toMatchObject({ userId, cobrand });
    },
  );

  it('take demossotoken from the provider to the portal token step, with no session before it', async () => {
    const browser = new Browser();
    const landed = await signOn(browser, 'veltmoor', OIDC, 'demossotoken');
    expect(landed.url).toBe(
      `${base}/public-portal-ui/login-signin-component?cobrandHost=veltmoor&ssoStep=token&userId=demossotoken`,
    );
    expect(landed.status).toBe(200);
    expect(await sessionOf(browser)).toBe(401);
  });

  it.each([
    ['demohelpdesk', 'helpdesk'],
    ['demoadmin', 'admin'],
  ])("sign the console's operator %s in at the OpenID provider, to the desk", async (name, role) => {
    const browser = new Browser();
    const desk = `${inject('adminUrl')}${CONSOLE_BASE}`;
    const landed = await logInAt(browser, `${inject('adminUrl')}${ConsolePaths.signOnStart}`, OIDC, name);
    expect(landed.url).toBe(desk);
    const me = await browser.open(`${inject('adminUrl')}${ConsolePaths.me}`);
    expect({ status: me.status, me: JSON.parse(me.page) as unknown }).toEqual({
      status: 200,
      me: { name, role, cobrands: null },
    });
  });
});
