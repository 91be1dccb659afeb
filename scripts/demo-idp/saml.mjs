// A demo SAML 2.0 identity provider for `npm start` and the tests, built on samlify: it reads the portal's signed
// AuthnRequest (HTTP-Redirect), shows its own login page, and posts a signed response with a signed assertion back.
// Like a bank's provider it keeps a session in the browser: a later request is answered without the login page,
// unless it asks for a fresh login (ForceAuthn="true"); single logout ends the session.
// Not part of the portal: it stands where a bank's own identity provider would.
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// samlify is CommonJS whose index defines Utility and SamlLib as getters, which Node's ESM loader cannot see as named
// exports: a namespace import lacks them under plain Node (`npm start`), though Vitest's interop fills them in.
// The default import is the module's own exports under both.
import samlify from 'samlify';
import { loginPage, readForm } from './login-page.mjs';

// The provider reads requests of the portal only; the portal checks the responses with @node-saml/node-saml.
samlify.setSchemaValidator({ validate: async () => 'skipped' });

/** A key and a self-signed certificate (PEM), made with openssl. */
export function keyAndCertificate(commonName) {
  const dir = mkdtempSync(join(tmpdir(), 'demo-saml-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '3650',
        '-subj',
        `/CN=${commonName}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Starts the provider. `serviceProviders`: { entityId, acsUrl, cert } of each portal cobrand it serves; `users`:
 * { userId, password }. Answers { entityId, ssoUrl, cert, close, adjust }: a test may set `adjust` to change the
 * values of the next answers before they are signed (another audience, a past deadline), as a faulty provider would.
 */
export async function startDemoSaml({ host = '127.0.0.1', publicHost = host, port = 0, serviceProviders, users }) {
  const server = createServer();
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  const origin = `http://${publicHost}:${server.address().port}`;
  const { key, cert } = keyAndCertificate('demo-saml-idp');
  const idp = samlify.IdentityProvider({
    entityID: `${origin}/metadata`,
    privateKey: key,
    signingCert: cert,
    wantAuthnRequestsSigned: true,
    nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified'],
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: `${origin}/sso` }],
    singleLogoutService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: `${origin}/slo` }],
  });
  const sps = new Map(
    serviceProviders.map((sp) => [
      sp.entityId,
      samlify.ServiceProvider({
        entityID: sp.entityId,
        signingCert: sp.cert,
        authnRequestsSigned: true,
        wantAssertionsSigned: true,
        wantMessageSigned: true,
        assertionConsumerService: [{ Binding: samlify.Constants.namespace.binding.post, Location: sp.acsUrl }],
      }),
    ]),
  );
  const byId = new Map(users.map((u) => [u.userId, u]));
  // The provider's sessions: a browser's cookie value to the user it signed in.
  const sessions = new Map();
  const sessionIdOf = (req) => /(?:^|;\s*)demo_saml_idp=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1];
  server.on('request', (req, res) => {
    handle(req, res).catch((error) => {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(`Refused: ${error?.message ?? error}`);
    });
  });

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/slo') return logout(req, url, res);
    if (url.pathname !== '/sso') return res.writeHead(404).end();
    const form = req.method === 'POST' ? await readForm(req) : null;
    // The request travels through the login page in hidden fields, with the query string its signature covers.
    const rawQuery = form ? form.rawQuery : url.search.slice(1);
    const { query, sp, octetString } = signed(rawQuery);
    const request = await idp.parseLoginRequest(sp, 'redirect', { query, octetString });
    const title = 'Demo bank identity provider (SAML 2.0)';
    const forceAuthn = /\sForceAuthn="(true|1)"/.test(inflate(query.SAMLRequest));
    let userId = form || forceAuthn ? undefined : sessions.get(sessionIdOf(req));
    if (!form && !userId) return loginPage(res, title, '', { rawQuery });
    if (form) {
      const user = byId.get(form.username);
      if (!user || user.password !== form.password)
        return loginPage(res, title, 'Wrong user name or password.', { rawQuery });
      userId = user.userId;
      const sid = randomBytes(16).toString('base64url');
      sessions.set(sid, userId);
      res.setHeader('set-cookie', `demo_saml_idp=${sid}; Path=/; HttpOnly; SameSite=Lax`);
    }
    const values = answerValues(request, sp, userId);
    const template = (context) => ({
      id: values.ID,
      context: samlify.SamlLib.replaceTagsByValue(context, provider.adjust(values)),
    });
    const response = await idp.createLoginResponse(sp, request, 'post', {}, template, false, query.RelayState);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>
<form method="post" action="${escape(response.entityEndpoint)}"><input type="hidden" name="SAMLResponse" value="${escape(response.context)}">
<input type="hidden" name="RelayState" value="${escape(query.RelayState ?? '')}"><p>Signed in. <button type="submit">Continue</button></p></form>
<script>document.forms[0].submit()</script></body></html>`);
  }

  /** A signed HTTP-Redirect message of a known portal: its values, its portal, and the part its signature covers. */
  function signed(rawQuery) {
    const query = Object.fromEntries(new URLSearchParams(rawQuery));
    const sp = sps.get(/<(?:saml:)?Issuer[^>]*>([^<]+)</.exec(inflate(query.SAMLRequest))?.[1]);
    if (!sp) throw new Error('unknown service provider');
    const octetString = rawQuery
      .split('&')
      .filter((p) => !p.startsWith('Signature='))
      .join('&');
    return { query, sp, octetString };
  }

  /** Single logout: a signed LogoutRequest of a known portal ends this browser's session here. */
  async function logout(req, url, res) {
    const { query, sp, octetString } = signed(url.search.slice(1));
    const request = await idp.parseLogoutRequest(sp, 'redirect', { query, octetString });
    const who = escape(request.extract?.nameID ?? '');
    sessions.delete(sessionIdOf(req));
    res.setHeader('set-cookie', 'demo_saml_idp=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed out</title></head><body>
<main><h1>Signed out of the demo bank identity provider</h1><p>${who} is signed out.</p></main></body></html>`);
  }

  function answerValues(request, sp, nameId) {
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000).toISOString();
    const acs = sp.entityMeta.getAssertionConsumerService(samlify.Constants.namespace.binding.post);
    return {
      ...{ ID: `_${randomUUID()}`, AssertionID: `_${randomUUID()}`, Destination: acs, SubjectRecipient: acs },
      ...{ Audience: sp.entityMeta.getEntityID(), Issuer: `${origin}/metadata`, IssueInstant: now.toISOString() },
      ...{ StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success', ConditionsNotBefore: now.toISOString() },
      ...{ ConditionsNotOnOrAfter: later, SubjectConfirmationDataNotOnOrAfter: later },
      ...{ NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified', NameID: nameId },
      ...{ InResponseTo: request.extract?.request?.id ?? '', AuthnStatement: '', AttributeStatement: '' },
    };
  }

  const provider = {
    entityId: `${origin}/metadata`,
    ssoUrl: `${origin}/sso`,
    cert,
    adjust: (values) => values,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
  return provider;
}

function inflate(samlRequest) {
  return samlify.Utility.inflateString(decodeURIComponent(samlRequest ?? ''));
}
