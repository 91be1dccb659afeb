/**
 * A provider's metadata as banks' providers publish it (ADFS and Entra ID with their WS-Federation role descriptors,
 * a federation's list of several providers, a signing and an encryption key apart), read into the entity ID, the
 * HTTP-Redirect addresses and every signing certificate; documents it must not trust are refused with their cause.
 */
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keyAndCertificate } from '../../../../scripts/demo-idp/saml.mjs';
import { ProviderSettingsError, type SamlRecord } from '../providers.js';
import { certificatesIn } from './certificates.js';
import { parseIdpMetadata } from './idp-metadata-xml.js';
import { IdpMetadata } from './idp-metadata.js';

const [OLD, NEW, ENCRYPTION] = ['idp-2025', 'idp-2026', 'idp-encryption'].map(
  (name) => keyAndCertificate(name).cert,
) as [string, string, string];
const bare = (pem: string) => new X509Certificate(pem).raw.toString('base64');
const same = (pems: string[]) => pems.map((pem) => new X509Certificate(pem).fingerprint256);

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const key = (use: string | null, pem: string) =>
  `<KeyDescriptor${use ? ` use="${use}"` : ''}><ds:KeyInfo><ds:X509Data><ds:X509Certificate>
${bare(pem).replace(/(.{64})/g, '$1\n')}
</ds:X509Certificate></ds:X509Data></ds:KeyInfo></KeyDescriptor>`;

/** An ADFS-shaped document: a signature, WS-Federation descriptors before the SAML one, POST listed first. */
const entity = (entityId: string, inside: string, extra = '') =>
  `<EntityDescriptor ID="_e" entityID="${entityId}" xmlns="urn:oasis:names:tc:SAML:2.0:metadata">
  <ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:SignedInfo/></ds:Signature>
  <RoleDescriptor xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="fed:SecurityTokenServiceType"
    protocolSupportEnumeration="http://docs.oasis-open.org/wsfed/federation/200706">${key('signing', ENCRYPTION)}
  </RoleDescriptor>
  ${extra}
  <IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"
    xmlns:ds="http://www.w3.org/2000/09/xmldsig#">${inside}</IDPSSODescriptor>
</EntityDescriptor>`;

const ADFS_INSIDE = `${key('encryption', ENCRYPTION)}${key('signing', OLD)}${key('signing', NEW)}
  <SingleLogoutService Binding="${POST}" Location="https://adfs.bank.example/adfs/ls/post"/>
  <SingleLogoutService Binding="${REDIRECT}" Location="https://adfs.bank.example/adfs/ls/"/>
  <NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:persistent</NameIDFormat>
  <SingleSignOnService Binding="${POST}" Location="https://adfs.bank.example/adfs/ls/post"/>
  <SingleSignOnService Binding="${REDIRECT}" Location="https://adfs.bank.example/adfs/ls/"/>`;
const ADFS = `<?xml version="1.0" encoding="utf-8"?>${entity('http://adfs.bank.example/adfs/services/trust', ADFS_INSIDE)}`;

describe('a provider metadata document', () => {
  it('gives the entity ID, the HTTP-Redirect addresses and every signing certificate, not the encryption one', () => {
    const values = parseIdpMetadata(ADFS);
    expect(values).toMatchObject({
      entityId: 'http://adfs.bank.example/adfs/services/trust',
      ssoUrl: 'https://adfs.bank.example/adfs/ls/',
      sloUrl: 'https://adfs.bank.example/adfs/ls/',
    });
    expect(same(values.certificates)).toEqual(same([OLD, NEW]));
  });

  it('takes a key without a use as a signing key, and a provider without single logout', () => {
    const inside = `${key(null, NEW)}<SingleSignOnService Binding="${REDIRECT}" Location="https://idp.example/sso"/>`;
    const values = parseIdpMetadata(entity('https://idp.example', inside));
    expect(values.sloUrl).toBeUndefined();
    expect(same(values.certificates)).toEqual(same([NEW]));
  });

  it("picks the provider the record names from a federation's list, and asks for a name when there are several", () => {
    const list = `<EntitiesDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata">
      ${entity('https://one.example', ADFS_INSIDE)}${entity('https://two.example', ADFS_INSIDE.replace(/adfs\.bank/g, 'two'))}
    </EntitiesDescriptor>`;
    expect(parseIdpMetadata(list, 'https://two.example').ssoUrl).toBe('https://two.example/adfs/ls/');
    expect(() => parseIdpMetadata(list)).toThrow(/2 identity providers; the record's idpEntityId must name one/);
    expect(() => parseIdpMetadata(list, 'https://three.example')).toThrow(/with the entity ID https:\/\/three/);
  });

  it.each([
    ['a DOCTYPE (entity expansion, XXE)', `<!DOCTYPE x [<!ENTITY a "b">]>${ADFS.slice(38)}`, /DOCTYPE/],
    ['something that is not XML', 'Service Unavailable', /not an XML document/],
    ['only a SAML 1.1 provider', ADFS.replace('SAML:2.0:protocol"', 'SAML:1.1:protocol"'), /no SAML 2.0 identity/],
    ['no HTTP-Redirect sign-on', ADFS.replaceAll(`Binding="${REDIRECT}"`, 'Binding="x"'), /HTTP-Redirect/],
    ['no signing certificate', ADFS.replaceAll('use="signing"', 'use="encryption"'), /no signing certificate/],
    [
      'a signing certificate that does not parse',
      ADFS.replace(key('signing', OLD), key('signing', OLD).replace('MII', 'AAAAMII')),
      /signing certificate 1 does not parse/,
    ],
  ])('is refused with %s', (_what, xml, cause) => {
    expect(() => parseIdpMetadata(xml)).toThrow(cause);
  });
});

describe('certificates in an environment variable', () => {
  it('reads several PEM blocks (a rollover) and a bare base64 certificate as older settings held it', () => {
    expect(same(certificatesIn(`${OLD}\n${NEW}`, 'X'))).toEqual(same([OLD, NEW]));
    expect(same(certificatesIn(bare(OLD), 'X'))).toEqual(same([OLD]));
    expect(() => certificatesIn(`${OLD}\n-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----`, 'X')).toThrow(
      'X: certificate 2 of 2 does not parse',
    );
  });
});

describe('the metadata kept for a sign-on', () => {
  const dir = mkdtempSync(join(tmpdir(), 'idp-metadata-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'metadata.xml');
  const lines: [string, Record<string, unknown>][] = [];
  const log = {
    info: (fields: object, message: string) => lines.push([message, fields as Record<string, unknown>]),
    warn: (fields: object, message: string) => lines.push([message, fields as Record<string, unknown>]),
  };
  const record = (fields: Partial<SamlRecord>): SamlRecord => ({
    ...{ protocol: 'saml', spPrivateKeyEnv: 'SP_KEY', userAttribute: 'uid' },
    ...fields,
  });

  it('completes a record from its metadata file, the record winning where it names a value', async () => {
    writeFileSync(file, ADFS);
    const metadata = new IdpMetadata({ PINNED: NEW }, log as never);
    const settings = await metadata.settings('kestrelmark', record({ idpMetadataFile: file }));
    expect(settings).toMatchObject({ idpEntityId: 'http://adfs.bank.example/adfs/services/trust' });
    expect(same(settings.idpCertificates)).toEqual(same([OLD, NEW]));
    const pinned = record({ idpMetadataFile: file, ssoUrl: 'https://other.example/sso', idpCertificateEnv: 'PINNED' });
    const overridden = await metadata.settings('kestrelmark', pinned);
    expect(overridden.ssoUrl).toBe('https://other.example/sso');
    expect(same(overridden.idpCertificates)).toEqual(same([NEW]));
  });

  it('keeps the copy read before when a refresh fails, says so in the log, and takes the next good one', async () => {
    writeFileSync(file, ADFS);
    const metadata = new IdpMetadata({}, log as never);
    const named = record({ idpMetadataFile: file });
    expect(same((await metadata.settings('kestrelmark', named)).idpCertificates)).toEqual(same([OLD, NEW]));
    writeFileSync(file, '<html>maintenance</html>');
    lines.length = 0;
    await metadata.refresh();
    expect(lines).toEqual([
      [
        'SAML provider metadata not read again; the copy read before stays in use',
        { metadata: file, reason: 'no SAML 2.0 identity provider' },
      ],
    ]);
    expect(same((await metadata.settings('kestrelmark', named)).idpCertificates)).toEqual(same([OLD, NEW]));
    writeFileSync(file, ADFS.replace(key('signing', OLD), ''));
    await metadata.refresh();
    expect(same((await metadata.settings('kestrelmark', named)).idpCertificates)).toEqual(same([NEW]));
    expect(lines.at(-1)![0]).toBe('SAML provider metadata read');
    expect(lines.at(-1)![1].certificates).toEqual(same([NEW]));
  });

  it('refuses a sign-on, naming the cause, when nothing gives the entity ID or the metadata was never read', async () => {
    const metadata = new IdpMetadata({}, log as never);
    const without = metadata.settings('kestrelmark', record({ ssoUrl: 'https://idp.example/sso' }));
    await expect(without).rejects.toThrow(ProviderSettingsError);
    const missing = metadata.settings('kestrelmark', record({ idpMetadataFile: join(dir, 'none.xml') }));
    await expect(missing).rejects.toThrow(/its metadata \(.*none\.xml\) could not be read/);
    const plain = metadata.settings('kestrelmark', record({ idpMetadataUrl: 'http://idp.bank.example/metadata' }));
    await expect(plain).rejects.toThrow(/could not be read/);
    expect(lines.at(-1)).toEqual([
      'SAML provider metadata not readable; its sign-on cannot start',
      { metadata: 'http://idp.bank.example/metadata', reason: 'the address must be https' },
    ]);
  });
});
