/**
 * Single sign-on through real providers on loopback (ARCHITECTURE §9b): OpenID Connect with oidc-provider, SAML 2.0
 * with samlify; every refusal ends with no session, on the spec's invalid-login page or, for a user the provider
 * signed in, on the page that says the portal has no account for them.
 */
import { Paths, SSO_USER_COOKIE, ServicePaths } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore, createAccount } from '../src/account/index.js';
import { assignToken, currentCode, pinHmac, TokenStore } from '../src/token/index.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { SsoStore } from '../src/sso/index.js';
import {
  accountRow,
  createTestApp,
  signInSequence,
  TEST_PORTAL_SECRET,
  type LoginInfoAnswer,
  type TestApp,
  type TestClient,
} from './harness.js';
import { PUBLIC_ORIGIN, ProviderBrowser, samlPost, startProviders, type Providers } from './sso-support.js';

const INVALID = (cobrand: string) =>
  `/public-portal-ui/login-signin-component?cobrandHost=${cobrand}&invalidLogin=true`;

let providers: Providers;
let t: TestApp;

beforeAll(async () => {
  providers = await startProviders(['ana', 'ben', 'cy', 'dee', 'saml-ana', 'stranger', 'tok']);
  t = await createTestApp('sqlite', { env: providers.env, beforeStart: providers.beforeStart });
  expect(t.config.publicOrigin).toBe(PUBLIC_ORIGIN);
  const links = new SsoStore(t.database.db);
  for (const [userId, cobrand, subject] of [
    ['sso-ana', 'veltmoor', 'ana'],
    ['sso-ben', 'veltmoor', 'ben'],
    ['sso-cy', 'veltmoor', 'cy'],
    ['sso-dee', 'amberlode', 'dee'],
    ['sso-saml-ana', 'kestrelmark', 'saml-ana'],
    ['sso-tok', 'veltmoor', 'tok'],
  ] as const) {
    const accounts = new AccountStore(t.database.db);
    const [email, password] = [`${userId}@example.com`, 'Unused-Password-2026'];
    await createAccount(accounts, deriveKeys(TEST_PORTAL_SECRET).userIdentity, { userId, email, cobrand, password }, 1);
    const account = (await new AccountStore(t.database.db).findByUserId(userId))!;
    await links.link(cobrand, subject, account.id, Date.now());
  }
  const keys = deriveKeys(TEST_PORTAL_SECRET);
  const tokenUser = (await new AccountStore(t.database.db).findByUserId('sso-tok'))!;
  const tokens = new TokenStore(t.database.db);
  await assignToken(tokens, keys.seal, tokenUser, 'Veltmoor', t.clock.now());
  await tokens.setPin(tokenUser.id, pinHmac(keys.pin, tokenUser.id, PIN), t.clock.now(), async () => undefined);
});

const PIN = '4826';
afterAll(async () => {
  await t?.close();
  await providers?.close();
});

/** A browser that starts a sign-on at the portal: the portal's answer, and the provider address it leads to. */
async function start(cobrand: string): Promise<{ client: TestClient; location: string }> {
  const client = t.client();
  const started = await client.get(Paths.ssoStart(cobrand), { browser: true });
  expect(started.statusCode).toBe(303);
  return { client, location: started.headers.location as string };
}

const pathOf = (url: string) => url.slice(PUBLIC_ORIGIN.length);

describe('OpenID Connect', () => {
  it('sends the browser to the provider with PKCE (S256), state and nonce, and binds them to the browser', async () => {
    const { client, location } = await start('veltmoor');
    const url = new URL(location);
    expect(url.origin).toBe(providers.oidcIssuer);
    expect(url.searchParams.get('client_id')).toBe('veltmoor-portal');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_ORIGIN}${ServicePaths.ssoCallback('veltmoor')}`);
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toMatch(/^.{22,}$/);
    expect(client.cookie('sso_flow')).toBeTruthy();
    expect(JSON.stringify(client.cookie('sso_flow'))).not.toContain(url.searchParams.get('state')!);
  });

  it('signs a linked user in at the provider and opens an SSO session that logout labels and federated logout know', async () => {
    const { client, location } = await start('veltmoor');
    const back = await new ProviderBrowser().signIn(location, 'ana');
    const answer = await client.get(pathOf(back.url), { browser: true });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`${Paths.platformHome}?cobrandHost=veltmoor`);
    expect(client.cookie(SSO_USER_COOKIE)).toBe('1');
    expect((await client.get(Paths.session)).json()).toMatchObject({ userId: 'sso-ana', cobrand: 'veltmoor' });
    expect((await client.get(Paths.sessionPing)).statusCode).toBe(200);

    await client.get(Paths.logout);
    const labels = (await client.get(`${Paths.logoutLabels}?cobrandHost=veltmoor`)).json();
    expect(labels).toMatchObject({ ssoLogin: true, fssoLogoutUrl: ServicePaths.ssoLogout('veltmoor') });
    const sameOrigin = { 'sec-fetch-site': 'same-origin' };
    const logout = await client.get(ServicePaths.ssoLogout('veltmoor'), { browser: true, headers: sameOrigin });
    const endSession = new URL(logout.headers.location as string);
    expect(endSession.origin).toBe(providers.oidcIssuer);
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^eyJ/);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(
      `${PUBLIC_ORIGIN}${Paths.logoutReturn}?cobrandHost=veltmoor`,
    );
    expect(client.cookie(SSO_USER_COOKIE)).toBeUndefined();
  });

  it('refuses a replayed answer: same code, state and flow cookie a second time', async () => {
    const { client, location } = await start('veltmoor');
    const flow = client.cookie('sso_flow')!;
    const back = await new ProviderBrowser().signIn(location, 'ben');
    expect((await client.get(pathOf(back.url), { browser: true })).headers.location).toContain('/sdportal/platform/');
    const thief = t.client();
    thief.cookies.set('sso_flow', flow);
    const replay = await thief.get(pathOf(back.url), { browser: true });
    expect(replay.headers.location).toBe(INVALID('veltmoor'));
    expect(thief.sessionCookie).toBeUndefined();
  });

  it.each([
    ['another state', (url: URL) => url.searchParams.set('state', 'forged-state-value-0123456789')],
    ['another code', (url: URL) => url.searchParams.set('code', 'forged-code')],
    ['no flow cookie', () => undefined],
  ])('refuses an answer with %s, with no session', async (what, change) => {
    const { client, location } = await start('veltmoor');
    const back = new URL((await new ProviderBrowser().signIn(location, 'cy')).url);
    change(back);
    if (what === 'no flow cookie') client.cookies.delete('sso_flow');
    const answer = await client.get(pathOf(back.href), { browser: true });
    expect(answer.headers.location).toBe(INVALID('veltmoor'));
    expect(client.sessionCookie).toBeUndefined();
  });

  it('refuses an answer meant for another cobrand: the flow and the provider client are per cobrand', async () => {
    const { client, location } = await start('amberlode');
    const back = await new ProviderBrowser().signIn(location, 'dee');
    const crossed = pathOf(back.url).replace('/amberlode/', '/veltmoor/');
    expect((await client.get(crossed, { browser: true })).headers.location).toBe(INVALID('veltmoor'));
    expect(client.sessionCookie).toBeUndefined();
  });

  it('refuses a subject linked to no user, and a linked user who is locked or inactive', async () => {
    const refusedFor = async (subject: string) => {
      const { client, location } = await start('veltmoor');
      const answer = await client.get(pathOf((await new ProviderBrowser().signIn(location, subject)).url), {
        browser: true,
      });
      expect(client.sessionCookie).toBeUndefined();
      return answer.headers.location;
    };
    // The provider vouched for them: one page that says this portal opens no account for that sign-on.
    const noAccount = `${ServicePaths.ssoNoAccount}?cobrandHost=veltmoor`;
    expect(await refusedFor('stranger')).toBe(noAccount);
    const accounts = new AccountStore(t.database.db);
    await accounts.setStatus('sso-cy', 'locked', Date.now());
    expect(await refusedFor('cy')).toBe(noAccount);
    await accounts.setStatus('sso-cy', 'inactive', Date.now());
    expect(await refusedFor('cy')).toBe(noAccount);
  });

  it('sends a cobrand without a provider, or an unknown one, to its invalid-login page', async () => {
    for (const cobrand of ['skerrymoor', 'no-such-bank']) {
      const answer = await t.client().get(Paths.ssoStart(cobrand), { browser: true });
      expect(answer.headers.location).toBe(INVALID(cobrand));
    }
  });
});

describe('SAML 2.0', () => {
  it('sends a signed AuthnRequest and signs a linked user in from the signed answer, once', async () => {
    const { client, location } = await start('kestrelmark');
    const request = new URL(location);
    expect(request.searchParams.get('SigAlg')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    expect(request.searchParams.get('Signature')).toBeTruthy();
    const back = await new ProviderBrowser().signIn(location, 'saml-ana');
    const post = samlPost(back.page!);
    expect(post.action).toBe(`${PUBLIC_ORIGIN}${ServicePaths.ssoCallback('kestrelmark')}`);
    const flow = client.cookie('sso_flow')!;
    const form = { SAMLResponse: post.SAMLResponse, RelayState: post.RelayState };
    const answer = await client.post(pathOf(post.action), { form, csrf: false, browser: true });
    expect(answer.headers.location).toBe(`${Paths.platformHome}?cobrandHost=kestrelmark`);
    expect((await client.get(Paths.session)).json()).toMatchObject({ userId: 'sso-saml-ana' });
    await client.get(Paths.logout);
    const logout = new URL(
      (
        await client.get(ServicePaths.ssoLogout('kestrelmark'), {
          browser: true,
          headers: { 'sec-fetch-site': 'same-origin' },
        })
      ).headers.location as string,
    );
    expect(logout.pathname).toBe('/slo');
    expect(logout.searchParams.get('Signature')).toBeTruthy();
    // The provider checks the signed LogoutRequest and names who it signs out.
    expect((await new ProviderBrowser().get(logout.href)).page).toContain('saml-ana is signed out.');

    const thief = t.client();
    thief.cookies.set('sso_flow', flow);
    const replay = await thief.post(pathOf(post.action), { form, csrf: false, browser: true });
    expect(replay.headers.location).toBe(INVALID('kestrelmark'));
    expect(thief.sessionCookie).toBeUndefined();
  });

  it.each([
    ['another RelayState', (f: Record<string, string>) => (f.RelayState = 'another-relay-state')],
    [
      'a tampered signature',
      (f: Record<string, string>) => {
        const xml = Buffer.from(f.SAMLResponse!, 'base64').toString('utf8');
        f.SAMLResponse = Buffer.from(xml.replace(/saml-ana/g, 'saml-ann')).toString('base64');
      },
    ],
    [
      'no signature',
      (f: Record<string, string>) => {
        const xml = Buffer.from(f.SAMLResponse!, 'base64').toString('utf8');
        f.SAMLResponse = Buffer.from(xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '')).toString('base64');
      },
    ],
  ])('refuses a SAML answer with %s, with no session', async (_what, change) => {
    const { client, location } = await start('kestrelmark');
    const post = samlPost((await new ProviderBrowser().signIn(location, 'saml-ana')).page!);
    const form = { SAMLResponse: post.SAMLResponse, RelayState: post.RelayState };
    change(form);
    const answer = await client.post(pathOf(post.action), { form, csrf: false, browser: true });
    expect(answer.headers.location).toBe(INVALID('kestrelmark'));
    expect(client.sessionCookie).toBeUndefined();
  });
});

describe('SAML answers a provider signed but the portal must not take', () => {
  const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
  const signInWith = async (change: (values: Record<string, string>) => void) => {
    providers.adjustSaml(change);
    try {
      const { client, location } = await start('kestrelmark');
      const post = samlPost((await new ProviderBrowser().signIn(location, 'saml-ana')).page!);
      const form = { SAMLResponse: post.SAMLResponse, RelayState: post.RelayState };
      const answer = await client.post(pathOf(post.action), { form, csrf: false, browser: true });
      return { location: answer.headers.location, session: client.sessionCookie };
    } finally {
      providers.adjustSaml(null);
    }
  };

  it.each([
    ['for another audience', (v: Record<string, string>) => (v.Audience = 'https://other-portal.example/sp')],
    [
      'expired two minutes ago',
      (v: Record<string, string>) => {
        v.ConditionsNotOnOrAfter = minutes(-2);
        v.SubjectConfirmationDataNotOnOrAfter = minutes(-2);
      },
    ],
    ['not valid for another two minutes', (v: Record<string, string>) => (v.ConditionsNotBefore = minutes(2))],
    ['from another issuer', (v: Record<string, string>) => (v.Issuer = 'https://other-idp.example/metadata')],
    ['answering another request', (v: Record<string, string>) => (v.InResponseTo = '_another-request')],
  ])('refuses a signed answer %s, with no session', async (_what, change) => {
    const { location, session } = await signInWith(change);
    expect(location).toBe(INVALID('kestrelmark'));
    expect(session).toBeUndefined();
  });

  it('takes an answer that expired within the 30 s of clock skew it allows', async () => {
    const { location, session } = await signInWith((v) => {
      v.ConditionsNotOnOrAfter = new Date(Date.now() - 10_000).toISOString();
      v.SubjectConfirmationDataNotOnOrAfter = new Date(Date.now() - 10_000).toISOString();
    });
    expect(location).toBe(`${Paths.platformHome}?cobrandHost=kestrelmark`);
    expect(session).toBeTruthy();
  });
});

describe('the other ways in of an SSO cobrand', () => {
  it('refuses its users a password sign-in on the portal, without counting it toward a lock', async () => {
    const refused = await signInSequence(t.client(), 'sso-ana', 'Unused-Password-2026');
    expect(refused.statusCode).toBe(401);
    expect((await accountRow(t.database, 'sso-ana'))!.failed_attempts).toBe(0);
  });

  it('takes a token user from the provider to the token step, then to the platform with an SSO session', async () => {
    const passcode = async () => {
      const account = (await new AccountStore(t.database.db).findByUserId('sso-tok'))!;
      const seal = deriveKeys(TEST_PORTAL_SECRET).seal;
      return `${PIN}${await currentCode(new TokenStore(t.database.db), seal, account.id, t.clock.now())}`;
    };
    const sendPasscode = async (client: TestClient) => {
      const info = await client.get(`${Paths.loginInfo}?username=sso-tok`);
      const { ldapId } = info.json<LoginInfoAnswer>();
      const form = { username: ldapId, 'login-form-type': 'token', password: await passcode() };
      return client.post(Paths.sendLogin, { form });
    };
    // Without the provider first, the passcode alone does not sign in.
    const direct = t.client();
    await direct.openPage();
    expect((await sendPasscode(direct)).statusCode).toBe(401);

    const { client, location } = await start('veltmoor');
    const back = await client.get(pathOf((await new ProviderBrowser().signIn(location, 'tok')).url), {
      browser: true,
    });
    expect(back.headers.location).toBe(
      '/public-portal-ui/login-signin-component?cobrandHost=veltmoor&ssoStep=token&userId=sso-tok',
    );
    expect((await client.get(Paths.session)).statusCode).toBe(401);
    t.clock.advance(60_000);
    const signedIn = await sendPasscode(client);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe(`${Paths.platformHome}?cobrandHost=veltmoor`);
    expect((await client.get(Paths.session)).json()).toMatchObject({ userId: 'sso-tok' });
  });
});
