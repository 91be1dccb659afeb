/**
 * OpenID Connect with LemonLDAP::NG 2.16 from Debian, which takes the Basic credentials as they are (it does not
 * form-decode them) and tells its relying parties of a logout only through the browser (front-channel). The docs'
 * own record, copied as it stands, signs a user in and out with client_secret_basic and with client_secret_post; a
 * refusal at its token endpoint is logged with its own error and the HTTP status; its logout page's iframe ends the
 * portal session.
 */
import { Paths } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore, createAccount } from '../src/account/index.js';
import { CobrandStore, readCatalogue } from '../src/cobrand/index.js';
import type { PortalDatabase } from '../src/db/database.js';
import { CATALOGUE_DIR } from '../src/paths.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { SsoStore } from '../src/sso/index.js';
import { docsOidcRecord } from './docs-records.js';
import { createTestApp, keptLog, TEST_PORTAL_SECRET, type TestApp } from './harness.js';
import { LemonLdap, LlngBrowser } from './lemonldap.js';
import { PUBLIC_ORIGIN } from './sso-support.js';

const SECRET = 'card-portal-secret-for-tests-only';
const WRONG = 'not-the-secret-lemonldap-holds';
const callback = (cobrand: string) => `${PUBLIC_ORIGIN}${Paths.ssoCallback(cobrand)}`;
const loginView = (cobrand: string) => `${PUBLIC_ORIGIN}${Paths.logoutReturn}?cobrandHost=${cobrand}`;
const home = (cobrand: string) => `${Paths.platformHome}?cobrandHost=${cobrand}`;
const pathOf = (url: string) => url.slice(PUBLIC_ORIGIN.length);

/** The docs' record as it stands (client_secret_basic), and with client_secret_post; only the issuer set. */
const DOCS_COBRANDS = { foxmere: {}, alderquay: { tokenEndpointAuth: 'client_secret_post' } } as const;

let llng: LemonLdap;
let t: TestApp;
let logs: Record<string, unknown>[] = [];

async function pointAtLemonLdap(database: PortalDatabase) {
  const { cobrands } = readCatalogue(CATALOGUE_DIR);
  for (const { record } of cobrands) {
    const name = record.cobrand.name;
    if (name in DOCS_COBRANDS)
      record.identityProvider = {
        ...docsOidcRecord(),
        issuer: llng.issuer,
        ...DOCS_COBRANDS[name as keyof typeof DOCS_COBRANDS],
      };
    if (name === 'kestrelmark')
      record.identityProvider = { ...docsOidcRecord(), issuer: llng.issuer, clientSecretEnv: 'WRONG_SECRET' };
  }
  await new CobrandStore(database.db).importAll(cobrands, Date.now());
}

beforeAll(async () => {
  const cobrands = [...Object.keys(DOCS_COBRANDS), 'kestrelmark'];
  llng = await new LemonLdap().start([
    {
      clientId: docsOidcRecord().clientId,
      clientSecret: SECRET,
      redirectUris: cobrands.map(callback),
      postLogoutRedirectUris: cobrands.map(loginView),
      frontChannelLogoutUri: `${PUBLIC_ORIGIN}${Paths.ssoFrontChannelLogout('foxmere')}`,
    },
  ]);
  const logger = keptLog('debug');
  logs = logger.lines;
  const env = { [docsOidcRecord().clientSecretEnv!]: SECRET, WRONG_SECRET: WRONG };
  t = await createTestApp('sqlite', { env, beforeStart: pointAtLemonLdap, logger: logger.logger });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await llng?.stop();
});

async function signOn(cobrand: string, user: string) {
  const client = t.client();
  const started = await client.get(Paths.ssoStart(cobrand), { browser: true });
  const browser = new LlngBrowser();
  const back = await browser.signIn(started.headers.location as string, user);
  const answer = await client.get(pathOf(back), { browser: true });
  return { client, browser, location: answer.headers.location as string, code: new URL(back).searchParams.get('code') };
}

const refusals = () => logs.filter((line) => line.msg === 'single sign-on refused');

/** What `users link-sso` does: a portal user of the cobrand, linked to what the refusal said the provider calls them. */
async function linkSubject(userId: string, cobrand: string, subject: string) {
  const accounts = new AccountStore(t.database.db);
  const fields = { userId, email: `${userId}@example.com`, cobrand, password: 'Unused-Password-2026' };
  await createAccount(accounts, deriveKeys(TEST_PORTAL_SECRET).userIdentity, fields, 1);
  await new SsoStore(t.database.db).link(cobrand, subject, (await accounts.findByUserId(userId))!.id, Date.now());
}

describe("the docs' OpenID Connect record at LemonLDAP::NG", () => {
  it.each(Object.entries(DOCS_COBRANDS))(
    '%s %j: the log names the subject to link; then the user signs in, and out at LemonLDAP::NG',
    async (cobrand) => {
      const first = await signOn(cobrand, 'rtyler');
      expect(first.location).toBe(`/public-portal-ui/sso-no-account?cobrandHost=${cobrand}`);
      const { received } = refusals().at(-1) as { received: { claim: string; subject: string } };
      expect(received).toMatchObject({ claim: 'sub', subject: 'rtyler' });
      await linkSubject(`llng-rtyler-${cobrand}`, cobrand, received.subject);

      const { client, browser, location } = await signOn(cobrand, 'rtyler');
      expect(location).toBe(home(cobrand));
      expect((await client.get(Paths.session)).json()).toMatchObject({ userId: `llng-rtyler-${cobrand}`, cobrand });

      await client.get(Paths.logout);
      const sameOrigin = { 'sec-fetch-site': 'same-origin' };
      const logout = await client.get(Paths.ssoLogout(cobrand), { browser: true, headers: sameOrigin });
      const { iframes, back } = await browser.logOut(logout.headers.location as string);
      // Its logout page tells the client's front-channel address too (foxmere's: one client for both cobrands).
      expect(iframes).toEqual([expect.stringContaining(Paths.ssoFrontChannelLogout('foxmere'))]);
      expect(back).toMatch(new RegExp(`^${loginView(cobrand).replace(/[.?]/g, '\\$&')}&state=[\\w-]{43}$`));
      expect((await client.get(Paths.session)).statusCode).toBe(401);
    },
  );

  it("logs the token endpoint's own error and the HTTP status for a wrong secret, and no secret", async () => {
    const { client, location, code } = await signOn('kestrelmark', 'msmith');
    expect(location).toBe('/public-portal-ui/login-signin-component?cobrandHost=kestrelmark&invalidLogin=true');
    expect(client.sessionCookie).toBeUndefined();
    expect(refusals().at(-1)).toMatchObject({
      cobrand: 'kestrelmark',
      reason: 'the token endpoint refused (HTTP 401): invalid_client',
      received: { error: 'invalid_client' },
    });
    const text = JSON.stringify(logs);
    for (const secret of [SECRET, WRONG, code!]) expect(text).not.toContain(secret);
  });
});

describe('front-channel logout from LemonLDAP::NG', () => {
  it("ends the portal session when the user logs out at LemonLDAP::NG: its logout page's iframe", async () => {
    await linkSubject('llng-dwho', 'foxmere', 'dwho');
    const { client, browser, location } = await signOn('foxmere', 'dwho');
    expect(location).toBe(home('foxmere'));
    const iframes = await browser.logOutAtProvider(llng.base);
    expect(iframes).toEqual([
      `${PUBLIC_ORIGIN}${Paths.ssoFrontChannelLogout('foxmere')}?iss=${encodeURIComponent(llng.issuer)}&sid=dwho`,
    ]);
    // Another site's iframe: none of the portal's cookies go with it.
    const framed = await t.client().get(pathOf(iframes[0]!));
    expect(framed.statusCode).toBe(200);
    expect(framed.headers['content-security-policy']).toContain(`frame-ancestors ${llng.base};`);
    expect((await client.get(Paths.session)).statusCode).toBe(401);
  });
});
