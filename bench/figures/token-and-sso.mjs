/**
 * Figure 15's token and single sign-on rows. A token sign-in: fifty token users (bench/lib/token-users.ts), each
 * signed in once first from a browser of its own, then measured from that browser, now trusted, with the code of the
 * step after (one step either side of the clock is taken without doubt, and each step signs in once). A single
 * sign-on: the demo's OpenID provider (scripts/demo-idp/oidc.mjs) where the demo catalogue puts veltmoor's, and the
 * demo's user demosso signing in at it, as `npm start` runs them.
 */
import { randomBytes } from 'node:crypto';
import { tsImport } from 'tsx/esm/api';
import { startDemoOidc } from '../../scripts/demo-idp/oidc.mjs';
import { agent, cookieValue, request, signInSequence } from '../lib/http.mjs';
import { PORTAL_SECRET } from '../lib/servers.mjs';

const DEMO_PASSWORD = 'Portal-Demo-2026';
/** The demo catalogue's veltmoor names this provider (data/cobrands/veltmoor/cobrand.json). */
const DEMO_OIDC_PORT = 4011;
/** The demo token user's cobrand, whose tokens are the portal's own. */
const TOKEN_COBRAND = 'skerrymoor';
const SSO_CLIENT_SECRET = randomBytes(24).toString('base64url');

/** The portal's environment for the SSO row: veltmoor's client secret at the demo provider. */
export const ssoEnv = { VELTMOOR_OIDC_CLIENT_SECRET: SSO_CLIENT_SECRET };

const tokenUsers = () => tsImport('../lib/token-users.ts', import.meta.url);

/** The token row: `calls` token users, each made and signed in once in `prepare`, then once in `call`. */
export function tokenKind(base, databaseUrl, calls) {
  const signedIn = [];
  let users;
  return {
    name: 'token (PIN and code), a trusted browser',
    prepare: async () => {
      const { makeTokenUsers, tokenPassword } = await tokenUsers();
      users = await makeTokenUsers(databaseUrl, PORTAL_SECRET, calls, TOKEN_COBRAND);
      for (const user of users) {
        const browser = agent();
        const done = await signInSequence(base, browser, user.userId, tokenPassword(user), { form: 'token' });
        signedIn.push({ user, browser, device: done.device, password: () => tokenPassword(user, 1) });
      }
    },
    call: async () => {
      const { user, browser, device, password } = signedIn.shift();
      const done = await signInSequence(base, browser, user.userId, password(), { device, form: 'token' });
      if (!done.session) throw new Error(`the token sign-in of ${user.userId} opened no session: ${done.location}`);
    },
  };
}

/**
 * The SSO row: the demo provider started for the portal (already up) at `base`, whose public origin (the address in
 * its redirects) is `publicOrigin`; one sign-on a call.
 */
export function ssoKind(base, publicOrigin) {
  let provider;
  let ProviderBrowser;
  return {
    name: 'single sign-on (OpenID Connect, the demo provider)',
    prepare: async () => {
      ({ ProviderBrowser } = await tsImport('../../server/test/sso-support.ts', import.meta.url));
      provider = await startDemoOidc({
        publicHost: 'localhost',
        port: DEMO_OIDC_PORT,
        clients: [
          {
            clientId: 'veltmoor-portal',
            clientSecret: SSO_CLIENT_SECRET,
            redirectUri: `${publicOrigin}/sdportal/sso/veltmoor/callback`,
            postLogoutRedirectUri: `${publicOrigin}/sdportal/login.view?cobrandHost=veltmoor`,
          },
        ],
        users: [{ userId: 'demosso', password: DEMO_PASSWORD, name: 'Demo user demosso' }],
      });
    },
    call: () => signOn(base, publicOrigin, new ProviderBrowser(publicOrigin)),
    close: () => provider?.close(),
  };
}

const NAVIGATE = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/** One sign-on from a new browser: the portal's start, the provider's login page, the portal's callback. */
async function signOn(base, publicOrigin, atProvider) {
  const browser = agent();
  const start = await request(base, { path: '/sdportal/sso/veltmoor/start', headers: NAVIGATE, agent: browser });
  const flow = cookieValue(start.headers['set-cookie'], 'sso_flow');
  if (start.status !== 303 || !flow) throw new Error(`the SSO start answered ${start.status}`);
  const back = await atProvider.signIn(start.headers.location, 'demosso', DEMO_PASSWORD);
  const callback = await request(base, {
    path: back.url.slice(publicOrigin.length),
    headers: { ...NAVIGATE, cookie: `sso_flow=${flow}` },
    agent: browser,
  });
  if (!cookieValue(callback.headers['set-cookie'], 'portal-session'))
    throw new Error(`the SSO callback answered ${callback.status} with no session: ${callback.headers.location}`);
}
