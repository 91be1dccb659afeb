/**
 * The portal's SAML service provider metadata for one cobrand, which a bank's identity team loads into its provider
 * (ADFS, Entra ID, Shibboleth, SimpleSAMLphp) instead of typing the addresses and certificates in: the entity ID, the
 * assertion consumer service (HTTP-POST), single logout (HTTP-Redirect and HTTP-POST), the NameID formats it takes,
 * the signing certificate and, where the cobrand decrypts assertions, the encryption certificate.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { createRequire } from 'node:module';
import { ErrorCodes } from '@portal/contract';
import type * as NodeSaml from '@node-saml/node-saml';
import type { FastifyReply } from 'fastify';
import type * as Xmldom from '@xmldom/xmldom';
import { ApiError } from '../../http/api-error.js';
import { type Providers, type SamlRecord, secret } from '../providers.js';
import { acceptedNameIdFormats } from './name-id-format.js';

const load = createRequire(import.meta.url);
const nodeSaml = () => load('@node-saml/node-saml') as typeof NodeSaml;
const xmldom = () => load('@xmldom/xmldom') as typeof Xmldom;

export const SAML_METADATA_TYPE = 'application/samlmetadata+xml';
const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export interface SpMetadataInput {
  entityId: string;
  acsUrl: string;
  sloUrl: string;
  /** The key that signs the AuthnRequest and its certificate (PEM), which must belong together. */
  signing: { key: string; certificate: string };
  /** The key that decrypts assertions and its certificate, where the cobrand has one. */
  encryption?: { key: string; certificate: string };
  /** The NameID formats the portal takes, the one it asks for first. */
  nameIdFormats?: string[];
}

/** Throws naming `what` when the certificate does not parse or is not the key's: a provider would refuse the portal. */
function checkPair({ key, certificate }: { key: string; certificate: string }, what: string): void {
  let matches: boolean;
  try {
    matches = new X509Certificate(certificate).checkPrivateKey(createPrivateKey(key));
  } catch (error) {
    throw new Error(`${what}: ${(error as Error).message}`, { cause: error });
  }
  if (!matches) throw new Error(`${what}: the certificate is not the private key's`);
}

export function spMetadataXml(input: SpMetadataInput): string {
  checkPair(input.signing, 'the signing certificate');
  if (input.encryption) checkPair(input.encryption, 'the encryption certificate');
  const xml = nodeSaml().generateServiceProviderMetadata({
    issuer: input.entityId,
    callbackUrl: input.acsUrl,
    logoutCallbackUrl: input.sloUrl,
    privateKey: input.signing.key,
    publicCerts: input.signing.certificate,
    ...(input.encryption ? { decryptionPvk: input.encryption.key, decryptionCert: input.encryption.certificate } : {}),
    wantAssertionsSigned: true,
    // node-saml's builder writes one element per entry of a list, though its type names a single format.
    identifierFormat: (input.nameIdFormats?.length ? input.nameIdFormats : null) as string | null,
  });
  return withRedirectLogout(xml, input.sloUrl);
}

/**
 * node-saml names one single logout binding (HTTP-POST); the provider's logout request usually comes by redirect, so
 * HTTP-Redirect is listed first, at the same address.
 */
function withRedirectLogout(xml: string, sloUrl: string): string {
  const { DOMParser, XMLSerializer } = xmldom();
  const document = new DOMParser().parseFromString(xml, 'text/xml');
  const post = document.getElementsByTagNameNS(MD, 'SingleLogoutService')[0];
  if (!post) throw new Error('node-saml wrote no SingleLogoutService');
  const redirect = document.createElementNS(MD, 'SingleLogoutService');
  redirect.setAttribute('Binding', REDIRECT);
  redirect.setAttribute('Location', sloUrl);
  post.parentNode!.insertBefore(redirect, post);
  post.parentNode!.insertBefore(document.createTextNode('\n    '), post);
  return new XMLSerializer().serializeToString(document);
}

/** What the metadata of a cobrand needs from its record and the environment: its addresses, keys and certificates. */
export function spMetadataInput(cobrand: string, record: SamlRecord, providers: Providers): SpMetadataInput {
  const what = `the SP metadata of ${cobrand}`;
  const { env } = providers;
  const certificate = (name: string | undefined, field: string) => secret(env, name, `${what} (${field})`);
  return {
    entityId: providers.samlEntityId(cobrand),
    acsUrl: providers.callbackUrl(cobrand),
    sloUrl: providers.singleLogoutUrl(cobrand),
    nameIdFormats: acceptedNameIdFormats(record),
    signing: {
      key: secret(env, record.spPrivateKeyEnv, what),
      certificate: certificate(record.spCertificateEnv, 'spCertificateEnv'),
    },
    // A provider told of no encryption certificate would encrypt for none, or for the signing one.
    ...(record.spDecryptionKeyEnv && {
      encryption: {
        key: secret(env, record.spDecryptionKeyEnv, what),
        certificate: certificate(record.spEncryptionCertificateEnv, 'spEncryptionCertificateEnv'),
      },
    }),
  };
}

/**
 * Answers the cobrand's metadata, or 404 in the error shape for a cobrand without SAML; one whose keys are not set up
 * has none to publish either, and the log says why.
 */
export async function sendSpMetadata(
  reply: FastifyReply,
  cobrand: string,
  record: SamlRecord | null,
  providers: Providers,
) {
  const notFound = () => new ApiError(404, [{ code: ErrorCodes.notFound, messageKey: 'request.notFound' }]);
  if (!record) throw notFound();
  let xml: string;
  try {
    xml = spMetadataXml(spMetadataInput(cobrand, record, providers));
  } catch (error) {
    reply.log.warn({ cobrand, reason: (error as Error).message }, 'SAML SP metadata not published');
    throw notFound();
  }
  // Public, and the same until the deployment's keys change.
  return reply.type(SAML_METADATA_TYPE).header('cache-control', 'public, max-age=3600').send(xml);
}
