/**
 * LemonLDAP::NG 2.16 from Debian as a bank's provider. OpenID Connect: it takes the Basic credentials as they are (it
 * does not form-decode them) and tells its relying parties of a logout only through the browser (front-channel); the
 * docs' own record, copied as it stands, signs a user in and out with client_secret_basic and with
 * client_secret_post; a refusal at its token endpoint is logged with its own error and the HTTP status; its logout
 * page's iframe ends the portal session. SAML: the docs' record as it stands, in and out (single logout).
 */
import { Paths, ServicePaths } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore, createAccount } from '../src/account/index.js';
import { CobrandStore, readCatalogue } from '../src/cobrand/index.js';
import type { PortalDatabase } from '../src/db/database.js';
import { CATALOGUE_DIR } from '../src/paths.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { SsoStore } from '../src/sso/index.js';
import { docsOidcRecord, docsSamlRecord } from './docs-records.js';
import { keyAndCertificate } from './simplesamlphp.js';
import { postToPortal } from './simplesamlphp/browser.js';
import { createTestApp, keptLog, TEST_PORTAL_SECRET, type TestApp } from './harness.js';
import { LemonLdap, LlngBrowser } from './lemonldap.js';
import { PUBLIC_ORIGIN } from './sso-support.js';

const SECRET = 'card-portal-secret-for-tests-only';
const WRONG = 'not-the-secret-lemonldap-holds';
const callback = (cobrand: string) => `${PUBLIC_ORIGIN}${ServicePaths.ssoCallback(cobrand)}`;
const loginView = (cobrand: string) => `${PUBLIC_ORIGIN}${Paths.logoutReturn}?cobrandHost=${cobrand}`;
const home = (cobrand: string) => `${Paths.platformHome}?cobrandHost=${cobrand}`;
const pathOf = (url: string) => url.slice(PUBLIC_ORIGIN.length);

/** The cobrand whose record is the docs' SAML example as it stands, only the metadata address set. */
const SAML_COBRAND = 'greyhallow';
const sp = keyAndCertificate('portal-sp');

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
    if (name === SAML_COBRAND) record.identityProvider = { ...docsSamlRecord(), idpMetadataUrl: llng.samlMetadataUrl };
    if (name === 'kestrelmark')
      record.identityProvider = { ...docsOidcRecord(), issuer: llng.issuer, clientSecretEnv: 'WRONG_SECRET' };
  }
  await new CobrandStore(database.db).importAll(cobrands, Date.now());
}

beforeAll(async () => {
  // The provider's address first: the portal's records name it; then the portal, whose SP metadata the bank's team
  // loads into the provider from its address, as the docs say.
  llng = await new LemonLdap().reserve();
  const logger = keptLog('debug');
  logs = logger.lines;
  const env = {
    [docsOidcRecord().clientSecretEnv!]: SECRET,
    WRONG_SECRET: WRONG,
    [docsSamlRecord().spPrivateKeyEnv]: sp.key,
    [docsSamlRecord().spCertificateEnv!]: sp.cert,
  };
  t = await createTestApp('sqlite', { env, beforeStart: pointAtLemonLdap, logger: logger.logger });
  const metadata = (await t.client().get(ServicePaths.ssoMetadata(SAML_COBRAND))).body;
  const cobrands = [...Object.keys(DOCS_COBRANDS), 'kestrelmark'];
  const relyingParty = {
    clientId: docsOidcRecord().clientId,
    clientSecret: SECRET,
    redirectUris: cobrands.map(callback),
    postLogoutRedirectUris: cobrands.map(loginView),
    frontChannelLogoutUri: `${PUBLIC_ORIGIN}${ServicePaths.ssoFrontChannelLogout('foxmere')}`,
  };
  await llng.start([relyingParty], [{ name: 'card-portal-saml', metadata }]);
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
      const logout = await client.get(ServicePaths.ssoLogout(cobrand), { browser: true, headers: sameOrigin });
      const { iframes, back } = await browser.logOut(logout.headers.location as string);
      // Its logout page tells the client's front-channel address too (foxmere's: one client for both cobrands).
      expect(iframes).toEqual([expect.stringContaining(ServicePaths.ssoFrontChannelLogout('foxmere'))]);
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

describe("the docs' SAML record at LemonLDAP::NG", () => {
  it('signs a user in (a persistent NameID asked for and sent, linked as the refusal names it) and out', async () => {
    const signOnSaml = async () => {
      const client = t.client();
      const started = await client.get(Paths.ssoStart(SAML_COBRAND), { browser: true });
      const browser = new LlngBrowser();
      const form = await browser.signInSaml(started.headers.location as string, 'msmith');
      const answer = Buffer.from(form.SAMLResponse, 'base64').toString('utf8');
      return { client, browser, answer, location: (await postToPortal(client, form)).headers.location as string };
    };
    const first = await signOnSaml();
    expect(first.location).toBe(`/public-portal-ui/sso-no-account?cobrandHost=${SAML_COBRAND}`);
    // LemonLDAP::NG made the persistent NameID the AuthnRequest asked for; the refusal names its value.
    expect(first.answer).toMatch(/<saml:NameID[^>]* Format="urn:oasis:names:tc:SAML:2\.0:nameid-format:persistent"/);
    const { received } = refusals().at(-1) as { received: { subject: string } };
    await linkSubject('llng-msmith', SAML_COBRAND, received.subject);
    const { client, browser, location } = await signOnSaml();
    expect(location).toBe(home(SAML_COBRAND));
    expect((await client.get(Paths.session)).json()).toMatchObject({ userId: 'llng-msmith', cobrand: SAML_COBRAND });

    // And out: the portal's signed LogoutRequest to LemonLDAP::NG's single logout (from its metadata), its signed
    // LogoutResponse back, which the portal reads as a success.
    await client.get(Paths.logout);
    const sameOrigin = { 'sec-fetch-site': 'same-origin' };
    const logout = await client.get(ServicePaths.ssoLogout(SAML_COBRAND), { browser: true, headers: sameOrigin });
    expect(logout.headers.location).toMatch(new RegExp(`^${llng.base}/saml/singleLogout\\?SAMLRequest=`));
    const back = await browser.logOutSaml(logout.headers.location as string);
    expect(back.startsWith(`${PUBLIC_ORIGIN}${ServicePaths.ssoSingleLogout(SAML_COBRAND)}?SAMLResponse=`)).toBe(true);
    await client.get(pathOf(back), { browser: true });
    expect(logs.filter((l) => l.msg === 'single logout answered by the provider').at(-1)).toMatchObject({
      cobrand: SAML_COBRAND,
      status: expect.stringContaining('Success'),
    });
    expect((await client.get(Paths.session)).statusCode).toBe(401);
  });
});

describe('front-channel logout from LemonLDAP::NG', () => {
  it("ends the portal session when the user logs out at LemonLDAP::NG: its logout page's iframe", async () => {
    await linkSubject('llng-dwho', 'foxmere', 'dwho');
    const { client, browser, location } = await signOn('foxmere', 'dwho');
    expect(location).toBe(home('foxmere'));
    const iframes = await browser.logOutAtProvider(llng.base);
    expect(iframes).toEqual([
      `${PUBLIC_ORIGIN}${ServicePaths.ssoFrontChannelLogout('foxmere')}?iss=${encodeURIComponent(llng.issuer)}&sid=dwho`,
    ]);
    // Another site's iframe: none of the portal's cookies go with it.
    const framed = await t.client().get(pathOf(iframes[0]!));
    expect(framed.statusCode).toBe(200);
    expect(framed.headers['content-security-policy']).toContain(`frame-ancestors ${llng.base};`);
    expect((await client.get(Paths.session)).statusCode).toBe(401);
  });
});
