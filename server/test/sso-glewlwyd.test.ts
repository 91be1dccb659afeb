/**
 * OpenID Connect with a provider nobody on this project wrote, in its Debian configuration: Glewlwyd 2.7, which takes
 * Basic credentials as they are (it does not form-decode them). The docs' own record, copied as it stands, with
 * either client_secret_basic or client_secret_post; a hyphenated client ID; the subject named by another claim; the
 * causes of refusals in the log and the audit (never a secret); and back-channel logout from the provider.
 */
import { createServer, type Server } from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import { Paths, ServicePaths } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountStore, createAccount } from '../src/account/index.js';
import { CobrandStore, readCatalogue } from '../src/cobrand/index.js';
import type { PortalDatabase } from '../src/db/database.js';
import { CATALOGUE_DIR } from '../src/paths.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { SsoStore } from '../src/sso/index.js';
import { createTestApp, keptLog, TEST_PORTAL_SECRET, type TestApp, type TestClient } from './harness.js';
import { docsOidcRecord } from './docs-records.js';
import { Glewlwyd, GlewlwydBrowser } from './glewlwyd.js';
import { PUBLIC_ORIGIN } from './sso-support.js';

const PASSWORD = 'Glewlwyd-Pass-2026';
const SECRET = 'card-portal-secret-for-tests-only';
const INVALID = (cobrand: string) =>
  `/public-portal-ui/login-signin-component?cobrandHost=${cobrand}&invalidLogin=true`;
const callback = (cobrand: string) => `${PUBLIC_ORIGIN}${ServicePaths.ssoCallback(cobrand)}`;
const loginView = (cobrand: string) => `${PUBLIC_ORIGIN}${Paths.logoutReturn}?cobrandHost=${cobrand}`;

/** Each cobrand's client at Glewlwyd, and how its record authenticates at the token endpoint. */
const CLIENTS = {
  veltmoor: { clientId: 'card-portal', auth: 'client_secret_post', secret: SECRET },
  amberlode: { clientId: 'amberlode-portal', auth: 'client_secret_basic', secret: SECRET },
  kestrelmark: { clientId: 'kestrel-portal', auth: 'client_secret_basic', secret: 'not-the-secret-glewlwyd-holds' },
  // Told of logouts in the browser only (Front-Channel Logout 1.0), as LemonLDAP::NG tells its clients.
  birchwane: { clientId: 'birchwane.portal', auth: 'client_secret_basic', secret: SECRET, channel: 'front' },
} as const;

/**
 * Cobrands whose record is the docs' OpenID Connect example copied as it stands (client `card-portal`, its secret in
 * BANK_OIDC_CLIENT_SECRET, the user named by `sub`), only the issuer set: as it is, and with client_secret_post.
 */
const DOCS_COBRANDS = { foxmere: {}, alderquay: { tokenEndpointAuth: 'client_secret_post' } } as const;

let glewlwyd: Glewlwyd;
let t: TestApp;
let relay: Server;
/** The service's log, as an operator reads it. */
let logs: Record<string, unknown>[] = [];
/** The logout tokens Glewlwyd posted, as the portal received them. */
const posted: string[] = [];

/** The catalogue's three cobrands pointed at Glewlwyd, each with its client. */
async function pointAtGlewlwyd(database: PortalDatabase) {
  const { cobrands } = readCatalogue(CATALOGUE_DIR);
  for (const { record } of cobrands) {
    const name = record.cobrand.name;
    if (name in DOCS_COBRANDS)
      record.identityProvider = {
        ...docsOidcRecord(),
        issuer: glewlwyd.issuer,
        ...DOCS_COBRANDS[name as keyof typeof DOCS_COBRANDS],
      };
    const client = CLIENTS[name as keyof typeof CLIENTS];
    if (!client) continue;
    record.identityProvider = {
      protocol: 'oidc',
      issuer: glewlwyd.issuer,
      clientId: client.clientId,
      clientSecretEnv: `${record.cobrand.name.toUpperCase()}_OIDC_CLIENT_SECRET`,
      scopes: 'openid',
      userClaim: 'preferred_username',
      tokenEndpointAuth: client.auth,
    };
  }
  await new CobrandStore(database.db).importAll(cobrands, Date.now());
}

/** The portal reachable over HTTP for Glewlwyd's back-channel posts, each body kept. */
async function listen(app: TestApp): Promise<number> {
  relay = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      posted.push(new URLSearchParams(body).get('logout_token') ?? '');
      const headers = { 'content-type': req.headers['content-type'] ?? '' };
      void app.app.inject({ method: 'POST', url: req.url!, headers, payload: body }).then((answer) => {
        res.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? 'text/plain') });
        res.end(answer.body);
      });
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return (relay.address() as { port: number }).port;
}

beforeAll(async () => {
  const users = ['ana', 'ben', 'cy', 'stranger'].map((username) => ({
    ...{ username, password: PASSWORD, name: username },
    email: `${username}@bank.example`,
  }));
  glewlwyd = await new Glewlwyd().start(users);
  const logger = keptLog('debug');
  logs = logger.lines;
  const env = Object.fromEntries(
    Object.entries(CLIENTS).map(([cobrand, c]) => [`${cobrand.toUpperCase()}_OIDC_CLIENT_SECRET`, c.secret]),
  );
  env[docsOidcRecord().clientSecretEnv!] = SECRET;
  t = await createTestApp('sqlite', { env, beforeStart: pointAtGlewlwyd, logger: logger.logger });
  const port = await listen(t);
  for (const [cobrand, client] of Object.entries(CLIENTS)) {
    // The docs' cobrands use veltmoor's client, card-portal, as the docs' record names it.
    const also = client.clientId === docsOidcRecord().clientId ? Object.keys(DOCS_COBRANDS) : [];
    const front = 'channel' in client;
    await glewlwyd.addClient({
      clientId: client.clientId,
      clientSecret: SECRET,
      redirectUri: [cobrand, ...also].map(callback),
      postLogoutRedirectUri: [cobrand, ...also].map(loginView),
      ...(front
        ? { frontchannelLogoutUri: `${PUBLIC_ORIGIN}${ServicePaths.ssoFrontChannelLogout(cobrand)}` }
        : { backchannelLogoutUri: `http://127.0.0.1:${port}${ServicePaths.ssoBackChannelLogout(cobrand)}` }),
    });
  }
  const keys = deriveKeys(TEST_PORTAL_SECRET);
  for (const [userId, cobrand, subject] of [
    ['gw-ana', 'veltmoor', 'ana'],
    ['gw-ben', 'veltmoor', 'ben'],
    ['gw-ana-amber', 'amberlode', 'ana'],
    ['gw-ana-birch', 'birchwane', 'ana'],
    ['gw-ben-birch', 'birchwane', 'ben'],
  ] as const) {
    const accounts = new AccountStore(t.database.db);
    const fields = { userId, email: `${userId}@example.com`, cobrand, password: 'Unused-Password-2026' };
    await createAccount(accounts, keys.userIdentity, fields, 1);
    await new SsoStore(t.database.db).link(cobrand, subject, (await accounts.findByUserId(userId))!.id, Date.now());
  }
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => relay?.close(resolve));
  await glewlwyd?.stop();
});

const pathOf = (url: string) => url.slice(PUBLIC_ORIGIN.length);

/** A browser that starts the portal's sign-on and signs in at Glewlwyd; answers the portal's answer to the callback. */
async function signOn(cobrand: string, username: string, change?: (url: URL) => void) {
  const client = t.client();
  const started = await client.get(Paths.ssoStart(cobrand), { browser: true });
  const browser = new GlewlwydBrowser(glewlwyd);
  const back = new URL(await browser.signIn(started.headers.location as string, username, PASSWORD));
  change?.(back);
  const answer = await client.get(pathOf(back.href), { browser: true });
  return { client, browser, answer, location: answer.headers.location as string };
}

const refusals = () => logs.filter((line) => line.msg === 'single sign-on refused');

async function auditRows(kind: string): Promise<Record<string, unknown>[]> {
  const rows = await t.database.db.selectFrom('audit_event').select('detail').where('kind', '=', kind).execute();
  return rows.map((row) => JSON.parse(row.detail) as Record<string, unknown>);
}

/** Nothing in the service's log that a thief could use: no code, token, or client secret. */
function expectNoSecretsLogged(code: string | null) {
  const text = JSON.stringify(logs);
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain(CLIENTS.kestrelmark.secret);
  if (code) expect(text).not.toContain(code);
  expect(text).not.toMatch(/eyJ[\w-]+\.eyJ/);
}

describe('a hyphenated client ID at Glewlwyd', () => {
  it('signs in with client_secret_post, the user named by the preferred_username claim', async () => {
    const { client, location } = await signOn('veltmoor', 'ana');
    expect(location).toBe(`${Paths.platformHome}?cobrandHost=veltmoor`);
    expect((await client.get(Paths.session)).json()).toMatchObject({ userId: 'gw-ana', cobrand: 'veltmoor' });
  });

  it('signs in with client_secret_basic: the hyphenated ID goes as it is, which Glewlwyd reads', async () => {
    const { client, location } = await signOn('amberlode', 'ana');
    expect(location).toBe(`${Paths.platformHome}?cobrandHost=amberlode`);
    expect((await client.get(Paths.session)).json()).toMatchObject({ userId: 'gw-ana-amber', cobrand: 'amberlode' });
    expect(glewlwyd.log).not.toContain('amberlode%2Dportal');
  });

  it("refuses with a wrong client secret, the token endpoint's error logged and audited, the secret nowhere", async () => {
    let code: string | null = null;
    const { location } = await signOn('kestrelmark', 'ana', (url) => (code = url.searchParams.get('code')));
    expect(location).toBe(INVALID('kestrelmark'));
    const refusal = refusals().at(-1)!;
    expect(refusal).toMatchObject({ cobrand: 'kestrelmark', received: { error: expect.any(String) } });
    expect(refusal.reason).toMatch(/^the token endpoint refused \(HTTP 4\d\d\): /);
    expect((await auditRows('signin.failure')).at(-1)).toMatchObject({
      cobrand: 'kestrelmark',
      reason: refusal.reason,
    });
    expectNoSecretsLogged(code);
  });
});

/** What `users link-sso` does: the portal user `userId` (made here) is who `subject` is at the cobrand's provider. */
async function linkSubject(userId: string, cobrand: string, subject: string) {
  const accounts = new AccountStore(t.database.db);
  const fields = { userId, email: `${userId}@example.com`, cobrand, password: 'Unused-Password-2026' };
  await createAccount(accounts, deriveKeys(TEST_PORTAL_SECRET).userIdentity, fields, 1);
  await new SsoStore(t.database.db).link(cobrand, subject, (await accounts.findByUserId(userId))!.id, Date.now());
}

describe("the docs' OpenID Connect record, copied as it stands", () => {
  it.each(Object.entries(DOCS_COBRANDS))(
    '%s %j: the log names the subject to link; then the user signs in, and out at Glewlwyd',
    async (cobrand) => {
      // As the docs say: sign in once, read the subject the refusal names, link it.
      expect((await signOn(cobrand, 'cy')).location).toBe(`/public-portal-ui/sso-no-account?cobrandHost=${cobrand}`);
      const { received } = refusals().at(-1) as { received: { claim: string; subject: string } };
      expect(received.claim).toBe('sub');
      await linkSubject(`gw-cy-${cobrand}`, cobrand, received.subject);

      const { client, browser, location } = await signOn(cobrand, 'cy');
      expect(location).toBe(`${Paths.platformHome}?cobrandHost=${cobrand}`);
      expect((await client.get(Paths.session)).json()).toMatchObject({ userId: `gw-cy-${cobrand}`, cobrand });

      await client.get(Paths.logout);
      const sameOrigin = { 'sec-fetch-site': 'same-origin' };
      const logout = await client.get(ServicePaths.ssoLogout(cobrand), { browser: true, headers: sameOrigin });
      const { back } = await browser.logOut(logout.headers.location as string);
      // Glewlwyd sends the user back to the cobrand's sign-in (with the request's state, which it needs for that).
      expect(back).toMatch(new RegExp(`^${loginView(cobrand).replace(/[.?]/g, '\\$&')}&state=[\\w-]{43}$`));
      expect((await client.get(Paths.session)).statusCode).toBe(401);
    },
  );
});

describe('what a refusal records', () => {
  it('names the claim and the subject received when nobody is linked to it', async () => {
    const { location } = await signOn('veltmoor', 'stranger');
    // The provider vouched for the user: the page says the portal has no account for them (not why).
    expect(location).toBe('/public-portal-ui/sso-no-account?cobrandHost=veltmoor');
    const expected = { claim: 'preferred_username', subject: 'stranger', issuer: glewlwyd.issuer };
    expect(refusals().at(-1)).toMatchObject({ reason: 'no portal user linked to this subject', received: expected });
    expect((await auditRows('signin.failure')).at(-1)).toMatchObject(expected);
  });

  it("logs and audits the provider's error at the callback (the user declined)", async () => {
    const { location } = await signOn('veltmoor', 'ben', (url) => {
      const state = url.searchParams.get('state')!;
      url.search = new URLSearchParams({
        error: 'access_denied',
        error_description: 'The user declined',
        state,
      }).toString();
    });
    expect(location).toBe(INVALID('veltmoor'));
    const received = { error: 'access_denied', error_description: 'The user declined' };
    expect(refusals().at(-1)).toMatchObject({ reason: 'the provider answered with an error: access_denied', received });
    expect((await auditRows('signin.failure')).at(-1)).toMatchObject(received);
  });

  it('says which time claim failed and by how much: our clock two hours ahead of the provider', async () => {
    const client = t.client();
    const started = await client.get(Paths.ssoStart('veltmoor'), { browser: true });
    const back = await new GlewlwydBrowser(glewlwyd).signIn(started.headers.location as string, 'ben', PASSWORD);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 3600_000);
    try {
      expect((await client.get(pathOf(back), { browser: true })).headers.location).toBe(INVALID('veltmoor'));
    } finally {
      vi.useRealTimers();
    }
    const refusal = refusals().at(-1)!;
    // Glewlwyd's ID token lives 600 s; 7200 s later it is 6600 s past, less the 30 s of skew allowed.
    expect(refusal.reason).toMatch(/^ID token expired: "exp" is 65\d\d s outside the allowed window$/);
    expect(refusal.received).toMatchObject({ claim: 'exp', exp: expect.stringMatching(/^\d{4}-/) });
  });
});

describe('back-channel logout from Glewlwyd', () => {
  it('ends the portal session when the user ends their session at Glewlwyd; audited; the token is single-use', async () => {
    const { client, browser, location } = await signOn('veltmoor', 'ben');
    expect(location).toBe(`${Paths.platformHome}?cobrandHost=veltmoor`);
    expect((await client.get(Paths.session)).statusCode).toBe(200);
    const before = (await auditRows('sso.logout')).length;
    await browser.endSession();
    // Glewlwyd posts from a thread of its own: wait for the portal to have taken it.
    await vi.waitFor(async () => expect((await auditRows('sso.logout')).length).toBeGreaterThan(before), {
      timeout: 10_000,
      interval: 100,
    });
    expect((await client.get(Paths.session)).statusCode).toBe(401);
    const row = (await auditRows('sso.logout')).at(-1);
    expect(row).toMatchObject({ cobrand: 'veltmoor', sid: expect.any(String), sessions: '1' });
    expect((await auditRows('session.ended')).at(-1)).toMatchObject({ reason: 'provider logout', count: 1 });

    const replay = await postLogout('veltmoor', posted.at(-1)!);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: 'invalid_request', error_description: 'logout token used before' });
  });

  it('answers 400 with an OAuth error for a token the provider did not sign, and ends nothing', async () => {
    const { client } = await signOn('veltmoor', 'ana');
    const forged = await forgedLogoutToken({ iss: glewlwyd.issuer, aud: 'card-portal', sub: 'whoever' });
    const answer = await postLogout('veltmoor', forged);
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toMatchObject({ error: 'invalid_request', error_description: /^logout token refused: / });
    expect((await auditRows('sso.logout.refused')).at(-1)).toMatchObject({ cobrand: 'veltmoor' });
    expect((await client.get(Paths.session)).statusCode).toBe(200);
    expect((await postLogout('veltmoor', undefined)).statusCode).toBe(400);
  });
});

describe('front-channel logout from Glewlwyd', () => {
  it("ends the portal session when the user logs out at Glewlwyd: its page's iframe, without the portal's cookies", async () => {
    const { client, browser, location } = await signOn('birchwane', 'ana');
    expect(location).toBe(`${Paths.platformHome}?cobrandHost=birchwane`);
    const other = await signOn('birchwane', 'ben');
    const iframes = await browser.logOutAtProvider(CLIENTS.birchwane.clientId);
    expect(iframes).toEqual([expect.stringMatching(/\/frontchannel-logout\?iss=.+&sid=\w+$/)]);
    // The iframe is another site's: the browser sends none of the portal's cookies with it.
    const framed = await t.client().get(pathOf(iframes[0]!));
    expect(framed.statusCode).toBe(200);
    expect(framed.headers['cache-control']).toBe('no-store');
    expect(framed.headers['x-frame-options']).toBeUndefined();
    expect(framed.headers['content-security-policy']).toContain(`frame-ancestors ${glewlwyd.base};`);
    expect((await client.get(Paths.session)).statusCode).toBe(401);
    // Another user's session, through another provider session, goes on.
    expect((await other.client.get(Paths.session)).statusCode).toBe(200);
    expect((await auditRows('sso.logout')).at(-1)).toMatchObject({
      cobrand: 'birchwane',
      channel: 'front',
      sessions: '1',
    });
  });

  it('refuses a request naming another issuer, or no sid, and ends nothing', async () => {
    const { client } = await signOn('birchwane', 'ana');
    const address = (query: string) => `${ServicePaths.ssoFrontChannelLogout('birchwane')}?${query}`;
    const sid = new URLSearchParams({ iss: glewlwyd.issuer }).toString();
    const elsewhere = await t.client().get(address('iss=https%3A%2F%2Fidp.elsewhere.example&sid=abc'));
    expect(elsewhere.statusCode).toBe(400);
    expect((await t.client().get(address(sid))).statusCode).toBe(400);
    expect((await client.get(Paths.session)).statusCode).toBe(200);
    expect((await auditRows('sso.logout.refused')).at(-1)).toMatchObject({ cobrand: 'birchwane', channel: 'front' });
  });
});

function postLogout(cobrand: string, token: string | undefined): ReturnType<TestClient['post']> {
  const form: Record<string, string> = token === undefined ? {} : { logout_token: token };
  return t.client().post(ServicePaths.ssoBackChannelLogout(cobrand), { form, csrf: false });
}

/** A well-formed logout token signed by a key that is not the provider's. */
async function forgedLogoutToken(claims: Record<string, unknown>): Promise<string> {
  const { SignJWT } = await import('jose');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const events = { 'http://schemas.openid.net/event/backchannel-logout': {} };
  return new SignJWT({ ...claims, events, jti: 'forged-jti' })
    .setProtectedHeader({ alg: 'RS256', kid: 'glewlwyd-test' })
    .setIssuedAt()
    .sign(privateKey);
}
