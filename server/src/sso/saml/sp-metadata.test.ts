/**
 * The portal's SP metadata is only published when a provider could use it: a certificate that is not its key's would
 * make the provider refuse every signed AuthnRequest, or encrypt for a key the portal does not hold. It lists the
 * NameID formats the portal takes.
 */
import { describe, expect, it } from 'vitest';
import { keyAndCertificate } from '../../../../scripts/demo-idp/saml.mjs';
import { acceptedNameIdFormats, NAMEID_FORMATS, requestedNameIdFormat } from './name-id-format.js';
import { spMetadataXml } from './sp-metadata.js';

const [SIGNING, ENCRYPTION] = ['portal-sp', 'portal-enc'].map(keyAndCertificate) as [
  { key: string; cert: string },
  { key: string; cert: string },
];
const addresses = { entityId: 'https://p.example/e', acsUrl: 'https://p.example/acs', sloUrl: 'https://p.example/slo' };
const pair = ({ key, cert }: { key: string; cert: string }) => ({ key, certificate: cert });

describe('the SP metadata', () => {
  it('publishes the signing and the encryption certificate, each beside its use, and no key', () => {
    const xml = spMetadataXml({ ...addresses, signing: pair(SIGNING), encryption: pair(ENCRYPTION) });
    const body = (pem: string) => pem.split('\n').slice(1, -2).join('\n');
    expect(xml).toMatch(new RegExp(`use="signing">\\s*<ds:KeyInfo>\\s*<ds:X509Data>\\s*<ds:X509Certificate>MII`));
    expect(xml.indexOf(body(SIGNING.cert))).toBeLessThan(xml.indexOf('use="encryption"'));
    expect(xml.indexOf(body(ENCRYPTION.cert))).toBeGreaterThan(xml.indexOf('use="encryption"'));
    expect(xml).not.toContain('PRIVATE KEY');
  });

  it.each([
    ['signing', { signing: { key: SIGNING.key, certificate: ENCRYPTION.cert } }],
    ['encryption', { signing: pair(SIGNING), encryption: { key: ENCRYPTION.key, certificate: SIGNING.cert } }],
  ])("is refused when the %s certificate is not its key's", (use, keys) => {
    expect(() => spMetadataXml({ ...addresses, ...keys })).toThrow(
      `the ${use} certificate: the certificate is not the private key's`,
    );
  });
});

describe('the NameID formats', () => {
  const formats = (xml: string) => [...xml.matchAll(/<NameIDFormat>([^<]+)</g)].map((m) => m[1]);

  it('lists the formats taken, the one the AuthnRequest asks for first, where the SP descriptor wants them', () => {
    const nameIdFormats = acceptedNameIdFormats({ userAttribute: 'nameID', nameIdFormat: 'emailAddress' });
    const xml = spMetadataXml({ ...addresses, signing: pair(SIGNING), nameIdFormats });
    expect(formats(xml)).toEqual([NAMEID_FORMATS.emailAddress, NAMEID_FORMATS.persistent, NAMEID_FORMATS.unspecified]);
    // SAML metadata's order: after single logout, before the assertion consumer service.
    expect(xml.indexOf('SingleLogoutService')).toBeLessThan(xml.indexOf('NameIDFormat'));
    expect(xml.indexOf('NameIDFormat')).toBeLessThan(xml.indexOf('AssertionConsumerService'));
  });

  it('asks for persistent by default where the record links by NameID, and for none where it links by an attribute', () => {
    expect(requestedNameIdFormat({ userAttribute: 'nameID' })).toBe(NAMEID_FORMATS.persistent);
    expect(requestedNameIdFormat({ userAttribute: 'uid', nameIdFormat: 'emailAddress' })).toBeNull();
    expect(acceptedNameIdFormats({ userAttribute: 'uid' })).toContain(
      'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
    );
    expect(acceptedNameIdFormats({ userAttribute: 'nameID' })).not.toContain(
      'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
    );
  });
});
