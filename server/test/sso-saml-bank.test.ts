/**
 * SAML sign-on with a bank's identity provider as it ships (issue 31): a real SimpleSAMLphp 1.19 in its default
 * configuration and in the variants ADFS, Entra ID and Shibboleth ship; every refusal is logged and audited with its
 * cause and what the provider sent.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { Paths } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CobrandStore, readCatalogue } from '../src/cobrand/index.js';
import { CATALOGUE_DIR } from '../src/paths.js';
import { docsSamlRecord } from './docs-records.js';
import { createTestApp, keptLog, type TestApp } from './harness.js';
import {
  keyAndCertificate,
  NAMEID,
  RSA_SHA1,
  startSimpleSamlPhp,
  type SimpleSamlPhp,
  type SspServiceProvider,
} from './simplesamlphp.js';
import { postToPortal, SspBrowser } from './simplesamlphp/browser.js';
import {
  BANK,
  bankProviders,
  lastRefusal,
  linkUser,
  PASSWORD,
  portalSp,
  saml,
  startSignOn,
  useRecord,
} from './sso-saml-bank-support.js';

const HOME = `${Paths.platformHome}?cobrandHost=${BANK}`;
const INVALID = `/public-portal-ui/login-signin-component?cobrandHost=${BANK}&invalidLogin=true`;
const sp = keyAndCertificate('portal-sp');
const decryption = keyAndCertificate('portal-decryption');
const stranger = keyAndCertificate('another-idp');

let ssp: SimpleSamlPhp;
let t: TestApp;
let lines: Record<string, unknown>[];

beforeAll(async () => {
  ssp = await startSimpleSamlPhp(bankProviders(sp));
  const kept = keptLog();
  lines = kept.lines;
  const env = {
    BANK_SAML_IDP_CERT: ssp.cert,
    BANK_SAML_SP_KEY: sp.key,
    BANK_SAML_SP_CERT: sp.cert,
    BANK_SAML_DECRYPTION_KEY: decryption.key,
    OTHER_IDP_CERT: stranger.cert,
  };
  t = await createTestApp('sqlite', { env, beforeStart: (database) => saml(database, ssp, {}), logger: kept.logger });
  for (const uid of ['ana', 'ben']) await linkUser(t, `sso-${uid}`, uid);
  await linkUser(t, 'sso-mail', 'ben@bank.example');
});

afterAll(async () => {
  await t?.close();
  ssp?.stop();
});

/** SimpleSAMLphp and the bank's record as a test wants them; each test starts from the defaults. */
async function provider(options: Partial<SspServiceProvider>, record: Parameters<typeof useRecord>[2] = {}) {
  ssp.configure({ serviceProviders: [portalSp(sp, options)], contentEncryption: undefined });
  await useRecord(t, ssp, record);
}

beforeEach(() => provider({}));

/** A whole sign-on as `user`: where the portal sends the browser, and whether it holds a session. */
async function signOn(user = 'ana') {
  const { client, location } = await startSignOn(t);
  const answer = await postToPortal(client, await new SspBrowser().signIn(location, user, PASSWORD));
  const session = await client.get(Paths.session);
  return { location: answer.headers.location, userId: session.statusCode === 200 ? session.json().userId : null };
}

const signedIn = { location: HOME, userId: 'sso-ana' };
const refused = { location: INVALID, userId: null };

describe('SimpleSAMLphp in its default configuration', () => {
  it('signs a linked user in: response and assertion signed, a transient NameID, the uid attribute names the user', async () => {
    expect(await signOn()).toEqual(signedIn);
  });
});

describe('which parts the provider signs', () => {
  it('takes an answer whose assertion only is signed (ADFS and Entra ID by default)', async () => {
    await provider({ signResponse: false });
    expect(await signOn()).toEqual(signedIn);
  });

  it('takes an answer whose response only is signed (Shibboleth by default)', async () => {
    await provider({ signAssertion: false });
    expect(await signOn()).toEqual(signedIn);
  });

  it('refuses an answer with one part signed when the record requires both, and says which is not', async () => {
    await provider({ signResponse: false }, { signatures: 'both' });
    expect(await signOn()).toEqual(refused);
    const { reason, received } = await lastRefusal(t, lines);
    expect(reason).toBe('the record requires both the response and the assertion signed; the response is not');
    expect(received).toMatchObject({ responseSignature: 'absent', assertionSignature: 'valid (rsa-sha256, sha256)' });
    await provider({}, { signatures: 'both' });
    expect(await signOn()).toEqual(signedIn);
  });

  it('refuses an answer signed by neither part, and says so apart from a signature by another certificate', async () => {
    await provider({ signResponse: false, signAssertion: false });
    expect(await signOn()).toEqual(refused);
    expect((await lastRefusal(t, lines)).reason).toBe('neither the response nor the assertion is signed');

    await provider({ signResponse: false }, { idpCertificateEnv: 'OTHER_IDP_CERT' });
    expect(await signOn()).toEqual(refused);
    const { reason, received } = await lastRefusal(t, lines);
    expect(reason).toBe("the assertion's signature is by another certificate than the one configured");
    const signedWith = createHash('sha256').update(new X509Certificate(ssp.cert).raw).digest('hex');
    expect(received.assertionSignature).toBe(
      `other certificate (rsa-sha256, sha256, certificate sha256:${signedWith})`,
    );
  });

  it('refuses an answer changed after it was signed, and says so', async () => {
    const { client, location } = await startSignOn(t);
    const form = await new SspBrowser().signIn(location, 'ana', PASSWORD);
    const xml = Buffer.from(form.SAMLResponse, 'base64').toString('utf8');
    const changed = xml.replace(/(<saml:AttributeValue[^>]*>)ana</, '$1ben<');
    expect(changed).not.toBe(xml);
    const answer = await postToPortal(client, { ...form, SAMLResponse: Buffer.from(changed).toString('base64') });
    expect(answer.headers.location).toBe(INVALID);
    expect((await lastRefusal(t, lines)).reason).toBe(
      "the response's signature does not match its content (changed after signing)",
    );
  });

  it('refuses SHA-1 signatures unless the record allows them', async () => {
    await provider({ signatureAlgorithm: RSA_SHA1 });
    expect(await signOn()).toEqual(refused);
    const { reason, received } = await lastRefusal(t, lines);
    expect(reason).toBe('a SHA-1 signature or digest, which the record does not allow (allowSha1)');
    expect(received).toMatchObject({ responseSignature: 'valid (rsa-sha1, sha1)', issuer: ssp.entityId });
    await provider({ signatureAlgorithm: RSA_SHA1 }, { allowSha1: true });
    expect(await signOn()).toEqual(signedIn);
  });
});

describe('encrypted assertions', () => {
  const GCM128 = 'http://www.w3.org/2009/xmlenc11#aes128-gcm';
  const GCM256 = 'http://www.w3.org/2009/xmlenc11#aes256-gcm';
  const CBC128 = 'http://www.w3.org/2001/04/xmlenc#aes128-cbc';

  it.each([
    ['AES-128-CBC (SimpleSAMLphp 1.19 itself)', undefined, {}],
    ['AES-128-GCM, the assertion only signed (ADFS and Entra ID by default)', GCM128, { signResponse: false }],
    ['AES-256-GCM, the response only signed (Shibboleth by default)', GCM256, { signAssertion: false }],
  ])('decrypts an assertion encrypted with RSA-OAEP and %s', async (_what, content, options) => {
    ssp.configure({ serviceProviders: [portalSp(sp, { encryptFor: decryption.cert, ...options })] });
    ssp.configure({ contentEncryption: content });
    await useRecord(t, ssp, { spDecryptionKeyEnv: 'BANK_SAML_DECRYPTION_KEY' });
    expect(await signOn()).toEqual(signedIn);
  });

  it('refuses an encrypted assertion when the record names no decryption key, naming the algorithms received', async () => {
    await provider({ encryptFor: decryption.cert });
    expect(await signOn()).toEqual(refused);
    const { reason, received } = await lastRefusal(t, lines);
    expect(reason).toBe('the assertion is encrypted and the record names no decryption key (spDecryptionKeyEnv)');
    expect(received.encryption).toBe(`http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p / ${CBC128}`);
  });

  it('refuses an assertion encrypted for another key, saying it does not decrypt', async () => {
    await provider({ encryptFor: stranger.cert }, { spDecryptionKeyEnv: 'BANK_SAML_DECRYPTION_KEY' });
    expect(await signOn()).toEqual(refused);
    const { reason, received } = await lastRefusal(t, lines);
    expect(reason).toMatch(/^the assertion does not decrypt with the key of spDecryptionKeyEnv \(.+\)$/);
    expect(received).toMatchObject({ issuer: ssp.entityId, responseSignature: 'valid (rsa-sha256, sha256)' });
  });
});

/** SimpleSAMLphp's filter that can make a NameID of `format` from an attribute, used when a request asks for it. */
const nameIdFrom = (attribute: string, format: string) => ({
  authproc: { 10: { class: 'saml:AttributeNameID', attribute, Format: format } },
});

describe('who the assertion names', () => {
  it.each([
    ['persistent', NAMEID.persistent, 'uid', 'ana', 'sso-ana'],
    ['emailAddress', NAMEID.emailAddress, 'mail', 'ben', 'sso-mail'],
    ['unspecified', NAMEID.unspecified, 'uid', 'ben', 'sso-ben'],
  ])('takes a %s NameID as the subject', async (_what, nameIdFormat, nameIdAttribute, user, userId) => {
    await provider({ nameIdFormat, nameIdAttribute }, { userAttribute: 'nameID' });
    expect(await signOn(user)).toEqual({ location: HOME, userId });
  });

  it('asks a provider whose default is transient for a persistent NameID, and gets one it can link', async () => {
    // SimpleSAMLphp's default format stays transient; it can make a persistent NameID (from uid) when asked for one.
    await provider({ extra: nameIdFrom('uid', NAMEID.persistent) }, { userAttribute: 'nameID' });
    expect(await signOn()).toEqual(signedIn);
    const { location } = await startSignOn(t);
    const request = inflateRawSync(Buffer.from(new URL(location).searchParams.get('SAMLRequest')!, 'base64'));
    expect(request.toString()).toContain(
      `<samlp:NameIDPolicy xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" AllowCreate="true" Format="${NAMEID.persistent}"/>`,
    );
  });

  it('asks for the format the record names (emailAddress), which the provider then sends', async () => {
    const extra = nameIdFrom('mail', NAMEID.emailAddress);
    await provider({ extra }, { userAttribute: 'nameID', nameIdFormat: 'emailAddress' });
    expect(await signOn('ben')).toEqual({ location: HOME, userId: 'sso-mail' });
  });

  it("signs in with the docs' SAML record as it stands: the provider's metadata address, a persistent NameID", async () => {
    await provider({ extra: nameIdFrom('uid', NAMEID.persistent) });
    const { cobrands } = readCatalogue(CATALOGUE_DIR);
    const bank = cobrands.find(({ record }) => record.cobrand.name === BANK)!;
    bank.record.identityProvider = { ...docsSamlRecord(), idpMetadataUrl: ssp.metadataUrl };
    await new CobrandStore(t.database.db).importAll([bank], Date.now());
    t.clock.advance(10_001);
    expect(await signOn()).toEqual(signedIn);
  });

  it('refuses a transient NameID as the subject, saying so and naming the format received', async () => {
    // A provider that sends transient whatever it is asked for (SimpleSAMLphp with the format forced for this SP).
    await provider({ nameIdFormat: NAMEID.transient }, { userAttribute: 'nameID' });
    expect(await signOn()).toEqual(refused);
    const { reason, received, audit } = await lastRefusal(t, lines);
    expect(reason).toContain(`the provider sent a transient NameID (${NAMEID.transient})`);
    expect(received).toMatchObject({ nameIdFormat: NAMEID.transient, issuer: ssp.entityId });
    expect(audit).toMatchObject({ reason, nameIdFormat: NAMEID.transient, subject: received.subject });
  });

  it('takes the attribute the record names (mail), and names the attributes there are when it is missing', async () => {
    await provider({}, { userAttribute: 'mail' });
    expect(await signOn('ben')).toEqual({ location: HOME, userId: 'sso-mail' });
    await provider({}, { userAttribute: 'employeeNumber' });
    expect(await signOn()).toEqual(refused);
    expect((await lastRefusal(t, lines)).reason).toBe(
      'the assertion has no attribute employeeNumber (it has: uid, mail)',
    );
  });
});

describe('the request the answer belongs to, and its times', () => {
  it("refuses in one browser the provider's answer to the sign-on another browser started", async () => {
    const a = await startSignOn(t);
    const b = await startSignOn(t);
    const answerToA = await new SspBrowser().signIn(a.location, 'ana', PASSWORD);
    const answerToB = await new SspBrowser().signIn(b.location, 'ben', PASSWORD);
    const posted = await postToPortal(b.client, { ...answerToA, RelayState: answerToB.RelayState });
    expect(posted.headers.location).toBe(INVALID);
    expect((await b.client.get(Paths.session)).statusCode).toBe(401);
    expect((await lastRefusal(t, lines)).reason).toBe(
      'the response answers another request than the one this browser started (InResponseTo)',
    );
    // A's own answer still signs A in.
    expect((await postToPortal(a.client, answerToA)).headers.location).toBe(HOME);
  });

  it('refuses an expired assertion, naming the condition and by how much', async () => {
    await provider({ extra: { 'assertion.lifetime': -120 } });
    expect(await signOn()).toEqual(refused);
    expect((await lastRefusal(t, lines)).reason).toMatch(
      /^the assertion's Conditions NotOnOrAfter \(\S+\) passed 12\d s ago \(30 s of clock skew allowed\)$/,
    );
  });
});
