/**
 * SAML metadata both ways against a real SimpleSAMLphp 1.19 (issue 31): the portal reads the provider's metadata
 * address (entity ID, addresses, certificates) and signs users in from it alone; SimpleSAMLphp, registered from the
 * portal's own SP metadata as its converter reads it, checks the portal's signed AuthnRequest; and a provider's
 * yearly certificate rollover needs no outage, whether the certificates come from its metadata or the record.
 */
import { X509Certificate } from 'node:crypto';
import { ErrorCodes, Paths, ServicePaths } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore, createAccount } from '../src/account/index.js';
import { CobrandStore, readCatalogue } from '../src/cobrand/index.js';
import { CATALOGUE_DIR } from '../src/paths.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { SsoStore } from '../src/sso/index.js';
import { createTestApp, expectErrorShape, keptLog, TEST_PORTAL_SECRET, type TestApp } from './harness.js';
import { authnRequestIn, metadataSchemaErrors, signWith, simpleSamlPhpEntry } from './saml-metadata-support.js';
import { type KeyPair, keyAndCertificate, type SimpleSamlPhp, startSimpleSamlPhp } from './simplesamlphp.js';
import { postToPortal, SspBrowser } from './simplesamlphp/browser.js';
import { PUBLIC_ORIGIN } from './sso-support.js';

const PASSWORD = 'Bank-Idp-Pass-2026';
const [OLD, NEW, STRANGER, SP, ENCRYPTION] = ['idp-2025', 'idp-2026', 'not-the-idp', 'portal-sp', 'portal-enc'].map(
  keyAndCertificate,
) as [KeyPair, KeyPair, KeyPair, KeyPair, KeyPair];
const fingerprints = (...pems: string[]) => pems.map((pem) => new X509Certificate(pem).fingerprint256).sort();
const bare = (pem: string) => new X509Certificate(pem).raw.toString('base64');
const INVALID = (cobrand: string) =>
  `/public-portal-ui/login-signin-component?cobrandHost=${cobrand}&invalidLogin=true`;

let ssp: SimpleSamlPhp;
let t: TestApp;
const log = keptLog('info');

/** kestrelmark names only SimpleSAMLphp's metadata address; skerrymoor names everything, both certificates too. */
async function catalogueAt(ssp: SimpleSamlPhp, database: TestApp['database']) {
  const { cobrands } = readCatalogue(CATALOGUE_DIR);
  const sp = { spPrivateKeyEnv: 'PORTAL_SAML_SP_KEY', userAttribute: 'uid' };
  for (const { record } of cobrands) {
    if (record.cobrand.name === 'kestrelmark')
      record.identityProvider = {
        ...{ protocol: 'saml', idpMetadataUrl: ssp.metadataUrl, ...sp },
        ...{ spCertificateEnv: 'PORTAL_SAML_SP_CERT', spDecryptionKeyEnv: 'PORTAL_SAML_DECRYPTION_KEY' },
        spEncryptionCertificateEnv: 'PORTAL_SAML_ENCRYPTION_CERT',
      };
    if (record.cobrand.name === 'skerrymoor')
      record.identityProvider = {
        ...{ protocol: 'saml', idpEntityId: ssp.entityId, ssoUrl: ssp.ssoUrl, ...sp },
        idpCertificateEnv: 'SKERRYMOOR_SAML_IDP_CERTS',
      };
  }
  await new CobrandStore(database.db).importAll(cobrands, Date.now());
}

async function link(userId: string, cobrand: string) {
  const accounts = new AccountStore(t.database.db);
  const keys = deriveKeys(TEST_PORTAL_SECRET);
  const account = { userId: `sso-${userId}`, email: `${userId}@example.com`, cobrand, password: 'Unused-Pass-2026' };
  await createAccount(accounts, keys.userIdentity, account, 1);
  const { id } = (await accounts.findByUserId(account.userId))!;
  await new SsoStore(t.database.db).link(cobrand, userId, id, Date.now());
}

/** The portal's metadata for kestrelmark, as SimpleSAMLphp's converter makes it an SP registration. */
async function registrationFromPortal() {
  const xml = (await t.client().get(ServicePaths.ssoMetadata('kestrelmark'))).body;
  const entry = simpleSamlPhpEntry(xml);
  return { entityId: entry.entityid as string, acsUrl: '', extra: entry };
}

async function registerAll(kestrelmark: Awaited<ReturnType<typeof registrationFromPortal>>) {
  const skerrymoor = `${PUBLIC_ORIGIN}${Paths.ssoStart('skerrymoor')}`;
  const acsUrl = `${PUBLIC_ORIGIN}${ServicePaths.ssoCallback('skerrymoor')}`;
  ssp.configure({ serviceProviders: [kestrelmark, { entityId: skerrymoor, acsUrl, cert: SP.cert }] });
}

beforeAll(async () => {
  const users = Object.fromEntries(
    ['meta-ana', 'meta-ben'].map((uid) => [uid, { password: PASSWORD, attributes: { uid: [uid] } }]),
  );
  ssp = await startSimpleSamlPhp({ users, serviceProviders: [], signing: OLD, newCertificate: NEW });
  t = await createTestApp('sqlite', {
    env: {
      PORTAL_SAML_SP_KEY: SP.key,
      PORTAL_SAML_SP_CERT: SP.cert,
      PORTAL_SAML_DECRYPTION_KEY: ENCRYPTION.key,
      PORTAL_SAML_ENCRYPTION_CERT: ENCRYPTION.cert,
      SKERRYMOOR_SAML_IDP_CERTS: `${OLD.cert}\n${NEW.cert}`,
    },
    logger: log.logger,
    beforeStart: (database) => catalogueAt(ssp, database),
  });
  await link('meta-ana', 'kestrelmark');
  await link('meta-ben', 'skerrymoor');
  await registerAll(await registrationFromPortal());
});

afterAll(async () => {
  await t?.close();
  ssp?.stop();
});

/** A sign-on from the portal through SimpleSAMLphp's login form and back: where the portal then sends the browser. */
async function signOn(cobrand: string, uid: string) {
  const client = t.client();
  const started = await client.get(Paths.ssoStart(cobrand), { browser: true });
  const location = started.headers.location as string;
  const form = await new SspBrowser().signIn(location, uid, PASSWORD);
  const answer = await postToPortal(client, form);
  return { client, location, answer: answer.headers.location, session: client.sessionCookie };
}

describe("the portal reads SimpleSAMLphp's metadata", () => {
  it('reads it at start, before any sign-on needs it', async () => {
    const read = () => log.lines.find((line) => line.msg === 'SAML provider metadata read');
    while (!read()) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read()).toMatchObject({ metadata: ssp.metadataUrl, entityId: ssp.entityId });
    expect(log.lines.some((line) => /^GET \/sdportal\/sso\/\w+\/start/.test(String(line.msg)))).toBe(false);
  });

  it('signs a linked user in from its metadata address alone, and logs the entity ID, addresses and certificates read', async () => {
    const { client, location, answer } = await signOn('kestrelmark', 'meta-ana');
    expect(location.startsWith(`${ssp.ssoUrl}?SAMLRequest=`)).toBe(true);
    expect(answer).toBe(`${Paths.platformHome}?cobrandHost=kestrelmark`);
    expect((await client.get(Paths.session)).json()).toMatchObject({ userId: 'sso-meta-ana' });
    // What it read from SimpleSAMLphp's metadata: its entity ID, addresses, and both certificates during a rollover.
    const read = log.lines.find((line) => line.msg === 'SAML provider metadata read');
    expect(read).toMatchObject({ metadata: ssp.metadataUrl, entityId: ssp.entityId, ssoUrl: ssp.ssoUrl });
    expect(read).toMatchObject({ sloUrl: ssp.sloUrl });
    expect([...(read!.certificates as string[])].sort()).toEqual(fingerprints(OLD.cert, NEW.cert));

    await client.get(Paths.logout);
    const logout = await client.get(ServicePaths.ssoLogout('kestrelmark'), {
      browser: true,
      // The logout address's cross-site rule: the portal's own page sends the browser there.
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect((logout.headers.location as string).startsWith(`${ssp.sloUrl}?SAMLRequest=`)).toBe(true);
  });
});

describe("the portal's SP metadata", () => {
  it('is served at its address as SAML metadata, valid against the OASIS schema, with nothing secret', async () => {
    const answer = await t.client().get(ServicePaths.ssoMetadata('kestrelmark'));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    expect(metadataSchemaErrors(answer.body)).toEqual([]);
    expect(answer.body).not.toContain('PRIVATE KEY');
    for (const key of [SP.key, ENCRYPTION.key]) expect(answer.body).not.toContain(key.split('\n')[1]);
  });

  it("reads in SimpleSAMLphp's converter as the portal's entity ID, addresses, both certificates and signing wishes", async () => {
    const entry = simpleSamlPhpEntry((await t.client().get(ServicePaths.ssoMetadata('kestrelmark'))).body);
    const slo = `${PUBLIC_ORIGIN}${ServicePaths.ssoSingleLogout('kestrelmark')}`;
    expect(entry).toMatchObject({
      entityid: `${PUBLIC_ORIGIN}${Paths.ssoStart('kestrelmark')}`,
      AssertionConsumerService: [
        {
          Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
          Location: `${PUBLIC_ORIGIN}${ServicePaths.ssoCallback('kestrelmark')}`,
        },
      ],
      SingleLogoutService: [
        { Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', Location: slo },
        { Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', Location: slo },
      ],
      keys: [
        { signing: true, encryption: false, X509Certificate: bare(SP.cert) },
        { signing: false, encryption: true, X509Certificate: bare(ENCRYPTION.cert) },
      ],
      'validate.authnrequest': true,
      'saml20.sign.assertion': true,
    });
    // The entity ID is the Issuer of the portal's AuthnRequest.
    const started = await t.client().get(Paths.ssoStart('kestrelmark'), { browser: true });
    expect(authnRequestIn(started.headers.location as string).issuer).toBe(entry.entityid);
  });

  it("lets SimpleSAMLphp check the portal's signed AuthnRequest: registered with another certificate, it refuses", async () => {
    const registration = await registrationFromPortal();
    const keys = [{ signing: true, encryption: false, type: 'X509Certificate', X509Certificate: bare(STRANGER.cert) }];
    await registerAll({ ...registration, extra: { ...registration.extra, keys } });
    try {
      const started = await t.client().get(Paths.ssoStart('kestrelmark'), { browser: true });
      await expect(new SspBrowser().signIn(started.headers.location as string, 'meta-ana', PASSWORD)).rejects.toThrow(
        /no SAML form/,
      );
      expect(ssp.log()).toMatch(/Unable to validate Signature/i);
    } finally {
      await registerAll(registration);
    }
    expect((await signOn('kestrelmark', 'meta-ana')).answer).toBe(`${Paths.platformHome}?cobrandHost=kestrelmark`);
  });

  it('answers 404 in the error shape for an unknown cobrand, one without SAML, and one without its certificate', async () => {
    for (const cobrand of ['no-such-bank', 'veltmoor', 'default', 'skerrymoor'])
      expectErrorShape(await t.client().get(ServicePaths.ssoMetadata(cobrand)), 404, ErrorCodes.notFound);
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        msg: 'SAML SP metadata not published',
        cobrand: 'skerrymoor',
        reason: 'the SP metadata of skerrymoor (spCertificateEnv): the environment variable (none named) is empty',
      }),
    );
  });
});

describe("a provider's certificate rollover", () => {
  it.each([
    ['its metadata lists', 'kestrelmark', 'meta-ana'],
    ["the record's certificate variable holds", 'skerrymoor', 'meta-ben'],
  ])(
    'takes answers signed by the old and by the new certificate while %s both, and refuses another',
    async (_where, cobrand, uid) => {
      const home = `${Paths.platformHome}?cobrandHost=${cobrand}`;
      try {
        expect(await signOn(cobrand, uid)).toMatchObject({ answer: home, session: expect.any(String) });
        signWith(ssp, NEW);
        expect(await signOn(cobrand, uid)).toMatchObject({ answer: home, session: expect.any(String) });
        signWith(ssp, STRANGER);
        expect(await signOn(cobrand, uid)).toMatchObject({ answer: INVALID(cobrand), session: undefined });
        const refused = log.lines.filter((line) => line.msg === 'single sign-on refused').at(-1);
        expect(refused).toMatchObject({ cobrand, reason: expect.stringMatching(/signature/i) });
      } finally {
        signWith(ssp, OLD);
      }
    },
  );
});
