// A demo OpenID provider for `npm start` and the tests, built on oidc-provider (a certified implementation): its own
// login page with a fixed user list, authorization code flow with PKCE, and RP-initiated logout. Not part of the
// portal: it stands where a bank's own identity provider would.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';
// Its own in-memory store, named so: a demo provider keeps nothing across restarts (the default warns about that).
import MemoryAdapter from 'oidc-provider/lib/adapters/memory_adapter.js';
import { loginPage, readForm } from './login-page.mjs';

/**
 * Starts the provider on `host:port` (0: a free port), known to browsers as `publicHost`. `clients`: { clientId, clientSecret, redirectUri,
 * postLogoutRedirectUri }; `users`: { userId, password, name }. Answers { issuer, close }.
 */
export async function startDemoOidc({ host = '127.0.0.1', publicHost = host, port = 0, clients, users }) {
  const server = createServer();
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  const issuer = `http://${publicHost}:${server.address().port}`;
  const byId = new Map(users.map((u) => [u.userId, u]));
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [c.redirectUri],
      post_logout_redirect_uris: [c.postLogoutRedirectUri],
      response_types: ['code'],
      grant_types: ['authorization_code'],
    })),
    adapter: class DemoMemoryAdapter extends MemoryAdapter {},
    jwks: { keys: [{ ...key, kid: 'demo', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    // Lifetimes in seconds, each named (the defaults are announced at every use).
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    claims: { openid: ['sub'], profile: ['name'] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign out</title></head><body>
<main><h1>Sign out of the demo bank identity provider?</h1>${form}
<button type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button></main></body></html>`;
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) =>
      byId.has(sub) ? { accountId: sub, claims: () => ({ sub, name: byId.get(sub).name }) } : undefined,
    // The bank's own application: no consent screen, as a bank's provider is set up for its portal.
    loadExistingGrant: async (ctx) => {
      const { client, session } = ctx.oidc;
      const existing = session.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (!match) return callback(req, res);
    interaction(provider, byId, req, res).catch((error) => {
      res.statusCode = 400;
      res.end(String(error.message));
    });
  });
  return { issuer, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function interaction(provider, users, req, res) {
  await provider.interactionDetails(req, res);
  if (req.method !== 'POST') return loginPage(res, 'Demo bank identity provider (OpenID Connect)');
  const { username, password } = await readForm(req);
  const user = users.get(username);
  if (!user || user.password !== password)
    return loginPage(res, 'Demo bank identity provider (OpenID Connect)', 'Wrong user name or password.');
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: user.userId } },
    { mergeWithLastSubmission: false },
  );
}
