// The demo identity providers `npm start` runs beside the portal, at the addresses the shipped catalogue names for
// the three SSO cobrands: OpenID Connect for veltmoor and amberlode on localhost:4011, SAML 2.0 for kestrelmark on
// localhost:4012. The secrets they share with the portal are made here and handed to it in its environment.
// Browsers know them as localhost, as they know the portal: on plain http, the SAML answer posted back then comes from
// the same site, and the portal's SameSite=Lax flow cookie goes with it (over https the cookie is SameSite=None).
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startDemoOidc } from './oidc.mjs';
import { keyAndCertificate, startDemoSaml } from './saml.mjs';

const HOST = '127.0.0.1';
const PUBLIC_HOST = 'localhost';
const OIDC_PORT = 4011;
const SAML_PORT = 4012;
// The portal's demo users who sign in at a provider (server/src/demo-users.ts), with the demo password; and
// demonoaccount, whom the providers know but no portal user is linked to: the page for a sign-on with no account.
// demohelpdesk and demoadmin are the demo's console operators (server/src/demo-operators.ts): the staff sign-in.
const USERS = [
  ...['demosso', 'demoamber', 'demosaml', 'demossotoken', 'demonoaccount'],
  ...['demohelpdesk', 'demoadmin'],
].map((userId) => ({
  userId,
  password: 'Portal-Demo-2026',
  name: `Demo user ${userId}`,
}));

/**
 * The console's client at the OpenID provider, where the admin listener runs and no staff provider is configured:
 * STAFF_IDP_FILE is set to a record of the demo provider written in the data folder (docs/operations.md, "The staff
 * identity provider"); its secret goes in STAFF_OIDC_CLIENT_SECRET. Answers the client, or null.
 */
function consoleClient(env) {
  if (env.STAFF_IDP_FILE || env.ADMIN_PORT === '') return null;
  const adminOrigin = env.ADMIN_ORIGIN ?? `http://${env.ADMIN_HOST ?? '127.0.0.1'}:${env.ADMIN_PORT ?? 9465}`;
  env.STAFF_OIDC_CLIENT_SECRET ??= randomBytes(24).toString('base64url');
  return {
    clientId: 'help-desk-console',
    clientSecret: env.STAFF_OIDC_CLIENT_SECRET,
    redirectUri: `${adminOrigin}/console/api/sign-on/return`,
    postLogoutRedirectUri: `${adminOrigin}/console/`,
  };
}

/** The staff provider's record for the console (the demo provider names a user by `sub`, their user ID). */
function writeStaffRecord(env, issuer) {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'demo-staff-idp.json');
  const record = {
    ...{ protocol: 'oidc', issuer, clientId: 'help-desk-console', clientSecretEnv: 'STAFF_OIDC_CLIENT_SECRET' },
    ...{ scopes: 'openid', userClaim: 'sub' },
  };
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  env.STAFF_IDP_FILE = file;
}

/** Starts both providers; fills `env` with the secrets; answers banner lines and a way to stop them. */
export async function startDemoProviders(env) {
  const origin = env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT ?? 8080}`;
  const started = [];
  const lines = [];
  try {
    const staff = consoleClient(env);
    const clients = ['veltmoor', 'amberlode'].map((cobrand) => {
      const name = `${cobrand.toUpperCase()}_OIDC_CLIENT_SECRET`;
      env[name] ??= randomBytes(24).toString('base64url');
      return {
        clientId: `${cobrand}-portal`,
        clientSecret: env[name],
        redirectUri: `${origin}/sdportal/sso/${cobrand}/callback`,
        postLogoutRedirectUri: `${origin}/sdportal/login.view?cobrandHost=${cobrand}`,
      };
    });
    if (staff) clients.push(staff);
    const oidc = await startDemoOidc({ host: HOST, publicHost: PUBLIC_HOST, port: OIDC_PORT, clients, users: USERS });
    started.push(oidc);
    lines.push(`  OpenID Connect:     ${oidc.issuer}  (veltmoor as demosso, amberlode as demoamber)`);
    if (staff) {
      writeStaffRecord(env, oidc.issuer);
      lines.push("  The console's staff sign-in: demohelpdesk or demoadmin at the OpenID Connect provider");
    }
  } catch (error) {
    lines.push(`  OpenID Connect:     not started (${error.message}): veltmoor and amberlode cannot sign in`);
  }
  try {
    const sp = keyAndCertificate('portal-demo');
    env.KESTRELMARK_SAML_SP_KEY = sp.key;
    env.KESTRELMARK_SAML_SP_CERT = sp.cert;
    const saml = await startDemoSaml({
      host: HOST,
      publicHost: PUBLIC_HOST,
      port: SAML_PORT,
      serviceProviders: [
        {
          entityId: `${origin}/sdportal/sso/kestrelmark/start`,
          acsUrl: `${origin}/sdportal/sso/kestrelmark/callback`,
          cert: sp.cert,
        },
      ],
      users: USERS,
    });
    env.KESTRELMARK_SAML_IDP_CERT = saml.cert;
    started.push(saml);
    lines.push(`  SAML 2.0:           ${saml.ssoUrl}  (kestrelmark as demosaml)`);
  } catch (error) {
    lines.push(`  SAML 2.0:           not started (${error.message}): kestrelmark cannot sign in`);
  }
  return {
    banner: ["Demo identity providers (password Portal-Demo-2026 at the provider's own page):", ...lines, ''].join(
      '\n',
    ),
    close: () => Promise.all(started.map((p) => p.close())),
  };
}
