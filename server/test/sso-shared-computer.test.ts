/**
 * Single sign-on at a shared computer, against the demo providers on loopback: after a logout or a refused sign-on
 * the provider's session may live on, so the next sign-on in that browser asks the provider for a fresh login; the
 * federated logout address follows the portal's own cross-site rule and ends the portal's session too.
 */
import { inflateRawSync } from 'node:zlib';
import { Paths, SSO_USER_COOKIE, ServicePaths } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore, createAccount } from '../src/account/index.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { SsoStore } from '../src/sso/index.js';
import { createTestApp, TEST_PORTAL_SECRET, type TestApp, type TestClient } from './harness.js';
import { PUBLIC_ORIGIN, ProviderBrowser, samlPost, startProviders, type Providers } from './sso-support.js';

const NO_ACCOUNT = (cobrand: string) => `/public-portal-ui/sso-no-account?cobrandHost=${cobrand}`;
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

let providers: Providers;
let t: TestApp;

beforeAll(async () => {
  providers = await startProviders(['ana', 'bo', 'saml-ana', 'stranger']);
  t = await createTestApp('sqlite', { env: providers.env, beforeStart: providers.beforeStart });
  const links = new SsoStore(t.database.db);
  const accounts = new AccountStore(t.database.db);
  for (const [userId, cobrand, subject] of [
    ['sso-ana', 'veltmoor', 'ana'],
    ['sso-bo', 'veltmoor', 'bo'],
    ['sso-saml-ana', 'kestrelmark', 'saml-ana'],
  ] as const) {
    const [email, password] = [`${userId}@example.com`, 'Unused-Password-2026'];
    await createAccount(accounts, deriveKeys(TEST_PORTAL_SECRET).userIdentity, { userId, email, cobrand, password }, 1);
    await links.link(cobrand, subject, (await accounts.findByUserId(userId))!.id, Date.now());
  }
});

afterAll(async () => {
  await t?.close();
  await providers?.close();
});

const pathOf = (url: string) => url.slice(PUBLIC_ORIGIN.length);

/** One browser: the portal's cookies (`client`) and the provider's (`provider`), as a real browser holds both. */
interface Browser {
  client: TestClient;
  provider: ProviderBrowser;
}
const newBrowser = (): Browser => ({ client: t.client(), provider: new ProviderBrowser() });

/** The provider address the portal's start sends this browser to. */
async function startAt(browser: Browser, cobrand: string): Promise<string> {
  const started = await browser.client.get(Paths.ssoStart(cobrand), { browser: true });
  expect(started.statusCode).toBe(303);
  return started.headers.location as string;
}

/** Signs `subject` in at the provider and hands the answer to the portal; answers where the portal sends the browser. */
async function signOn(browser: Browser, cobrand: string, subject: string): Promise<string> {
  const back = await browser.provider.signIn(await startAt(browser, cobrand), subject);
  if (back.page) {
    const post = samlPost(back.page);
    const form = { SAMLResponse: post.SAMLResponse, RelayState: post.RelayState };
    const answer = await browser.client.post(pathOf(post.action), { form, csrf: false, browser: true });
    return answer.headers.location as string;
  }
  return (await browser.client.get(pathOf(back.url), { browser: true })).headers.location as string;
}

/** Whether the provider, sent `location`, asks for a password (true) or answers the portal at once (false). */
async function providerAsks(browser: Browser, location: string): Promise<boolean> {
  const reached = await browser.provider.get(location);
  if (reached.url.startsWith(PUBLIC_ORIGIN) || reached.page?.includes('name="SAMLResponse"')) return false;
  expect(reached.page).toContain('name="password"');
  return true;
}

const forceAuthn = (location: string) =>
  /ForceAuthn="true"/.test(
    inflateRawSync(Buffer.from(new URL(location).searchParams.get('SAMLRequest')!, 'base64')).toString('utf8'),
  );

describe('after a logout at a shared computer', () => {
  it('the next OpenID Connect sign-on in the browser asks the provider for the password again', async () => {
    const browser = newBrowser();
    expect(await signOn(browser, 'veltmoor', 'ana')).toBe(`${Paths.platformHome}?cobrandHost=veltmoor`);
    // Before the logout the provider's session signs the same user in again without asking.
    const again = await startAt(browser, 'veltmoor');
    expect(new URL(again).searchParams.get('prompt')).toBeNull();
    expect(await providerAsks(browser, again)).toBe(false);

    expect((await browser.client.get(Paths.logout)).statusCode).toBe(204);
    const next = await startAt(browser, 'veltmoor');
    expect(new URL(next).searchParams.get('prompt')).toBe('login');
    expect(await providerAsks(browser, next)).toBe(true);
    // A fresh sign-on opens a session, and the one after it may use the provider's session again.
    expect(await signOn(browser, 'veltmoor', 'ana')).toBe(`${Paths.platformHome}?cobrandHost=veltmoor`);
    expect(new URL(await startAt(browser, 'veltmoor')).searchParams.get('prompt')).toBeNull();
  });

  it('the next SAML sign-on in the browser sends ForceAuthn, and the provider asks for the password', async () => {
    const browser = newBrowser();
    expect(await signOn(browser, 'kestrelmark', 'saml-ana')).toBe(`${Paths.platformHome}?cobrandHost=kestrelmark`);
    const again = await startAt(browser, 'kestrelmark');
    expect(forceAuthn(again)).toBe(false);
    expect(await providerAsks(browser, again)).toBe(false);
    // The logout screen's own call, after the platform's logout link ended the session.
    await browser.client.get(`${Paths.logout}?cobrandHost=kestrelmark`, { browser: true, headers: SAME_ORIGIN });
    const next = await startAt(browser, 'kestrelmark');
    expect(forceAuthn(next)).toBe(true);
    expect(await providerAsks(browser, next)).toBe(true);
  });
});

describe('a provider user who may not use the portal', () => {
  it('ends on the no-account page, with no session, and signing on again asks the provider for a password', async () => {
    const browser = newBrowser();
    expect(await signOn(browser, 'veltmoor', 'stranger')).toBe(NO_ACCOUNT('veltmoor'));
    expect(browser.client.sessionCookie).toBeUndefined();
    const page = await browser.client.get(NO_ACCOUNT('veltmoor'), { browser: true });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const again = await startAt(browser, 'veltmoor');
    expect(new URL(again).searchParams.get('prompt')).toBe('login');
    expect(await providerAsks(browser, again)).toBe(true);
  });

  it("is a page of the portal in the user's language, saying no more than that", async () => {
    const client = t.client();
    client.cookies.set('user_locale', 'es');
    const page = (await client.get(NO_ACCOUNT('kestrelmark'), { browser: true })).body;
    expect(page).toContain('<title>No hay una cuenta para este inicio de sesión</title>');
    expect(page).toContain(
      'El inicio de sesión de su organización lo reconoció, pero el portal “Tarjeta Comercial Kestrelmark” no tiene ' +
        'una cuenta que usted pueda usar con él.',
    );
    expect(page).toContain(`href="${Paths.ssoStart('kestrelmark')}"`);
    // The screen as the service rendered it says nothing of why (the page's data carries the whole dictionary).
    expect(/<main[\s\S]*<\/main>/.exec(page)?.[0]).not.toMatch(/bloquead|inactiv|vinculad/i);
  });

  it('ends on the same page when the linked user is locked or inactive: the cause is only in the audit', async () => {
    const accounts = new AccountStore(t.database.db);
    for (const status of ['locked', 'inactive'] as const) {
      await accounts.setStatus('sso-bo', status, Date.now());
      expect(await signOn(newBrowser(), 'veltmoor', 'bo')).toBe(NO_ACCOUNT('veltmoor'));
    }
    await accounts.setStatus('sso-bo', 'active', Date.now());
  });
});

describe('the federated logout address', () => {
  it('ends nothing when a link on another site opens it: the logout screen asks first', async () => {
    const browser = newBrowser();
    await signOn(browser, 'veltmoor', 'ana');
    const crossSite = await browser.client.get(ServicePaths.ssoLogout('veltmoor'), {
      browser: true,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(303);
    expect(crossSite.headers.location).toBe('/public-portal-ui/logout-component?cobrandHost=veltmoor&confirm=1');
    expect((await browser.client.get(Paths.session)).statusCode).toBe(200);
    expect(browser.client.cookie(SSO_USER_COOKIE)).toBe('1');
    expect(browser.client.cookie('sso_logout')).toBeTruthy();
  });

  it("ends the portal's session and then the provider's when the portal's own page opens it", async () => {
    const browser = newBrowser();
    await signOn(browser, 'veltmoor', 'ana');
    const logout = await browser.client.get(ServicePaths.ssoLogout('veltmoor'), {
      browser: true,
      headers: SAME_ORIGIN,
    });
    expect(logout.statusCode).toBe(303);
    const endSession = new URL(logout.headers.location as string);
    expect(endSession.origin).toBe(providers.oidcIssuer);
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^eyJ/);
    expect((await browser.client.get(Paths.session)).statusCode).toBe(401);
    expect(browser.client.cookie(SSO_USER_COOKIE)).toBeUndefined();
    expect(new URL(await startAt(browser, 'veltmoor')).searchParams.get('prompt')).toBe('login');
  });
});
