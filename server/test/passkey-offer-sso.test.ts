/**
 * The offer of a passkey after a direct single sign-on (start at the portal, the provider's answer at the callback,
 * signed in), OpenID Connect and SAML alike: where the cobrand's catalogue offers passkeys and the browser can make
 * one, the callback leads to the offer with the platform as its `next`; a browser that skipped it goes straight on.
 */
import { PASSKEY_CAPABLE_COOKIE, PASSKEY_SKIP_COOKIE, PasskeyPaths, Paths } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore, createAccount } from '../src/account/index.js';
import type { PortalDatabase } from '../src/db/database.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { SsoStore } from '../src/sso/index.js';
import { createTestApp, TEST_PORTAL_SECRET, type TestApp, type TestClient } from './harness.js';
import { PUBLIC_ORIGIN, ProviderBrowser, samlPost, startProviders, type Providers } from './sso-support.js';

const OFFER = '/public-portal-ui/passkey-offer-component';
let providers: Providers;
let t: TestApp;

/** veltmoor (OpenID Connect) and kestrelmark (SAML) offer passkeys in this catalogue. */
async function offering(database: PortalDatabase) {
  for (const name of ['veltmoor', 'kestrelmark']) {
    const row = await database.db
      .selectFrom('cobrand')
      .select('record')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    const stored = JSON.parse(row.record) as { record: { cobrand: { passkeys?: string } } };
    stored.record.cobrand.passkeys = 'offered';
    await database.db
      .updateTable('cobrand')
      .set({ record: JSON.stringify(stored) })
      .where('name', '=', name)
      .execute();
  }
}

beforeAll(async () => {
  providers = await startProviders(['ana', 'saml-ana']);
  const beforeStart = async (database: PortalDatabase) => {
    await providers.beforeStart(database);
    await offering(database);
  };
  t = await createTestApp('sqlite', { env: providers.env, beforeStart });
  const accounts = new AccountStore(t.database.db);
  for (const [userId, cobrand, subject] of [
    ['sso-ana', 'veltmoor', 'ana'],
    ['sso-saml-ana', 'kestrelmark', 'saml-ana'],
  ] as const) {
    const [email, password] = [`${userId}@example.com`, 'Unused-Password-2026'];
    await createAccount(accounts, deriveKeys(TEST_PORTAL_SECRET).userIdentity, { userId, email, cobrand, password }, 1);
    const account = (await accounts.findByUserId(userId))!;
    await new SsoStore(t.database.db).link(cobrand, subject, account.id, Date.now());
  }
});

afterAll(async () => {
  await t?.close();
  await providers?.close();
});

const pathOf = (url: string) => url.slice(PUBLIC_ORIGIN.length);

/** A browser with `cookies` set to 1 that starts a sign-on at the portal; where the provider sends it. */
async function start(cobrand: string, cookies: string[]): Promise<{ client: TestClient; location: string }> {
  const client = t.client();
  for (const name of cookies) client.cookies.set(name, '1');
  const started = await client.get(Paths.ssoStart(cobrand), { browser: true });
  expect(started.statusCode).toBe(303);
  return { client, location: started.headers.location as string };
}

async function oidcSignOn(cookies: string[]): Promise<{ client: TestClient; location: string }> {
  const { client, location } = await start('veltmoor', cookies);
  const back = await new ProviderBrowser().signIn(location, 'ana');
  const answer = await client.get(pathOf(back.url), { browser: true });
  expect(answer.statusCode).toBe(303);
  return { client, location: answer.headers.location as string };
}

async function samlSignOn(cookies: string[]): Promise<{ client: TestClient; location: string }> {
  const { client, location } = await start('kestrelmark', cookies);
  const post = samlPost((await new ProviderBrowser().signIn(location, 'saml-ana')).page!);
  const form = { SAMLResponse: post.SAMLResponse, RelayState: post.RelayState };
  const answer = await client.post(pathOf(post.action), { form, csrf: false, browser: true });
  expect(answer.statusCode).toBe(303);
  return { client, location: answer.headers.location as string };
}

describe.each([
  ['OpenID Connect', 'veltmoor', oidcSignOn],
  ['SAML', 'kestrelmark', samlSignOn],
] as const)('%s', (_protocol, cobrand, signOn) => {
  const home = `${Paths.platformHome}?cobrandHost=${cobrand}`;

  it('leads a browser that can make a passkey to the offer, then on to the platform', async () => {
    const { client, location } = await signOn([PASSKEY_CAPABLE_COOKIE]);
    const url = new URL(location, PUBLIC_ORIGIN);
    expect(url.pathname).toBe(OFFER);
    expect(url.searchParams.get('next')).toBe(home);
    // The offer page's own question, in the session the sign-on opened.
    const offer = await client.get(`${PasskeyPaths.offer}?next=${encodeURIComponent(home)}`);
    expect(offer.json()).toEqual({ offer: true, next: home });
  });

  it('goes straight on for a browser that skipped the offer, or that cannot make a passkey', async () => {
    expect((await signOn([PASSKEY_CAPABLE_COOKIE, PASSKEY_SKIP_COOKIE])).location).toBe(home);
    expect((await signOn([])).location).toBe(home);
  });
});
