/**
 * The start banner's single sign-on lines with real providers: a SAML cobrand is ready only when its provider's
 * metadata can be read (SimpleSAMLphp's, by address and as a file), an OpenID Connect cobrand only when its provider's
 * discovery document can be read and serves a sign-on (Glewlwyd's), and the banner says what is missing when it cannot
 * (an address nothing answers at, an HTTP error, a page that is not metadata or JSON, another issuer, no token endpoint,
 * a file that is not there).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import type { CobrandRecord } from '../src/cobrand/index.js';
import { checkProviders, readinessLines } from '../src/sso/index.js';
import { Glewlwyd } from './glewlwyd.js';
import { keyAndCertificate, type SimpleSamlPhp, startSimpleSamlPhp } from './simplesamlphp.js';

const sp = keyAndCertificate('portal-sp');
const dir = mkdtempSync(join(tmpdir(), 'banner-'));
let ssp: SimpleSamlPhp;
let glewlwyd: Glewlwyd;
/** A provider's address that answers a page for its discovery document, or a document without a token endpoint. */
let odd: Server;
let oddBase: string;

beforeAll(async () => {
  [ssp, glewlwyd] = await Promise.all([
    startSimpleSamlPhp({ users: {}, serviceProviders: [] }),
    new Glewlwyd().start([]),
  ]);
  writeFileSync(join(dir, 'idp.xml'), await (await fetch(ssp.metadataUrl)).text());
  odd = createServer((request, response) => {
    if (request.url === '/page/.well-known/openid-configuration') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Sign in</title>');
      return;
    }
    const issuer = `${oddBase}/notoken`;
    const document = { issuer, authorization_endpoint: `${issuer}/auth`, jwks_uri: `${issuer}/jwks` };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document));
  });
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
  oddBase = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
});

afterAll(async () => {
  ssp?.stop();
  await glewlwyd?.stop();
  odd?.close();
  rmSync(dir, { recursive: true, force: true });
});

const saml = (name: string, source: Record<string, string>) =>
  ({
    cobrand: { name },
    identityProvider: { protocol: 'saml', spPrivateKeyEnv: 'SP_KEY', userAttribute: 'uid', ...source },
  }) as unknown as CobrandRecord;

const oidc = (name: string, issuer: string) =>
  ({
    cobrand: { name },
    identityProvider: {
      protocol: 'oidc',
      issuer,
      clientId: 'card-portal',
      clientSecretEnv: 'OIDC_SECRET',
      scopes: 'openid',
      userClaim: 'sub',
    },
  }) as unknown as CobrandRecord;

it('says a SAML cobrand is ready only when its metadata can be read, and what is missing when it cannot', async () => {
  const closed = await freePort();
  const records = [
    saml('byurl', { idpMetadataUrl: ssp.metadataUrl }),
    saml('byfile', { idpMetadataFile: join(dir, 'idp.xml') }),
    saml('nobody', { idpMetadataUrl: `http://127.0.0.1:${closed}/metadata` }),
    saml('notmetadata', { idpMetadataUrl: `${ssp.base}/` }),
    saml('nofile', { idpMetadataFile: join(dir, 'missing.xml') }),
  ];
  const lines = readinessLines(await checkProviders(records, { SP_KEY: sp.key }));
  expect(lines[0]).toBe('Single sign-on ready: byurl (saml), byfile (saml)');
  const notReady = (name: string) => lines.find((l) => l.startsWith(`Single sign-on NOT ready for ${name} (saml): `));
  expect(notReady('nobody')).toContain(
    `the provider's metadata (http://127.0.0.1:${closed}/metadata) could not be read`,
  );
  expect(notReady('notmetadata')).toMatch(
    /the provider's metadata \(http:\/\/127\.0\.0\.1:\d+\/\) could not be read: /,
  );
  expect(notReady('nofile')).toContain(`the provider's metadata (${join(dir, 'missing.xml')}) could not be read: `);
  expect(lines).toHaveLength(4);
});

it("says an OpenID Connect cobrand is ready only when its provider's discovery document serves a sign-on", async () => {
  const closed = await freePort();
  const discovery = (issuer: string) => `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const records = [
    oidc('glewlwyd', glewlwyd.issuer),
    oidc('nobody', `http://127.0.0.1:${closed}`),
    oidc('notfound', `${glewlwyd.base}/api/nothing`),
    oidc('page', `${oddBase}/page`),
    oidc('slash', `${glewlwyd.issuer}/`),
    oidc('notoken', `${oddBase}/notoken`),
  ];
  const lines = readinessLines(await checkProviders(records, { OIDC_SECRET: 'Abc-123_x.y~z!' }));
  expect(lines[0]).toBe('Single sign-on ready: glewlwyd (oidc)');
  const notReady = (name: string) => lines.find((l) => l.startsWith(`Single sign-on NOT ready for ${name} (oidc): `));
  const read = (issuer: string) => `the provider's discovery document (${discovery(issuer)}) could not be read: `;
  expect(notReady('nobody')).toContain(`${read(`http://127.0.0.1:${closed}`)}unreachable (`);
  expect(notReady('notfound')).toContain(`${read(`${glewlwyd.base}/api/nothing`)}the address answered HTTP 404`);
  expect(notReady('page')).toContain(`${read(`${oddBase}/page`)}not JSON (text/html)`);
  expect(notReady('slash')).toContain(
    `the provider's discovery document (${discovery(glewlwyd.issuer)}) names the issuer ${glewlwyd.issuer}, ` +
      `not the record's ${glewlwyd.issuer}/: every sign-on would be refused`,
  );
  expect(notReady('notoken')).toContain(
    `the provider's discovery document (${discovery(`${oddBase}/notoken`)}) names no token_endpoint`,
  );
  expect(lines).toHaveLength(6);
});
