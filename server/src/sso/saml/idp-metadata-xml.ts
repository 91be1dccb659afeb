/**
 * A SAML identity provider's metadata document (SAML 2.0 Metadata, OASIS saml-metadata-2.0-os) read with a real XML
 * parser: the provider's entity ID, its sign-on and logout addresses for the HTTP-Redirect binding, and every signing
 * certificate it lists (during a rollover, the old and the new one).
 */
import { createRequire } from 'node:module';
import type * as Xmldom from '@xmldom/xmldom';
import type * as Xpath from 'xpath';
import { X509Certificate } from 'node:crypto';
import { pemOf } from './certificates.js';

// Loaded at the first metadata read, not at start, as the protocol libraries are (providers.ts); node-saml uses both.
const load = createRequire(import.meta.url);
const xmldom = () => load('@xmldom/xmldom') as typeof Xmldom;
const xpath = () => load('xpath') as typeof Xpath;

const SAML2_PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const NAMESPACES = { md: 'urn:oasis:names:tc:SAML:2.0:metadata', ds: 'http://www.w3.org/2000/09/xmldsig#' };
const DOCUMENT_TYPE_NODE = 10;

export interface IdpMetadataValues {
  entityId: string;
  ssoUrl: string;
  sloUrl?: string;
  /** PEM, in the document's order. */
  certificates: string[];
}

export class IdpMetadataError extends Error {}

function parse(xml: string): Document {
  const fail = (message: string) => {
    throw new IdpMetadataError(`not well-formed XML: ${message.split('\n')[0]}`);
  };
  const parser = new (xmldom().DOMParser)({
    errorHandler: { warning: () => undefined, error: fail, fatalError: fail },
  });
  const document = parser.parseFromString(xml, 'text/xml') as unknown as Document | undefined;
  if (!document?.documentElement) throw new IdpMetadataError('not an XML document');
  // Metadata never needs a DTD; refusing one keeps entity tricks (XXE, expansion) out entirely.
  if ([...Array.from(document.childNodes)].some((node) => node.nodeType === DOCUMENT_TYPE_NODE))
    throw new IdpMetadataError('a DOCTYPE is not accepted in metadata');
  return document;
}

const texts = (nodes: Xpath.SelectReturnType) =>
  (Array.isArray(nodes) ? nodes : []).map((node) => ((node as Node).textContent ?? '').trim()).filter(Boolean);

function certificateOf(base64: string, index: number): string {
  try {
    return new X509Certificate(pemOf(base64)).toString();
  } catch {
    throw new IdpMetadataError(`signing certificate ${index + 1} does not parse`);
  }
}

/**
 * The values of the provider `entityId` names (needed when the document lists several providers, as a federation's
 * does), or of the only SAML 2.0 identity provider it lists.
 */
export function parseIdpMetadata(xml: string, entityId?: string): IdpMetadataValues {
  const select = xpath().useNamespaces(NAMESPACES);
  const document = parse(xml);
  const idp = `md:IDPSSODescriptor[contains(@protocolSupportEnumeration, '${SAML2_PROTOCOL}')]`;
  const entities = (select(`//md:EntityDescriptor[${idp}]`, document) as Element[]).filter(
    (entity) => !entityId || entity.getAttribute('entityID') === entityId,
  );
  if (entities.length !== 1)
    throw new IdpMetadataError(
      entities.length === 0
        ? `no SAML 2.0 identity provider${entityId ? ` with the entity ID ${entityId}` : ''}`
        : `${entities.length} identity providers; the record's idpEntityId must name one`,
    );
  const entity = entities[0]!;
  const descriptor = (select(idp, entity) as Element[])[0]!;
  const endpoint = (service: string) => texts(select(`md:${service}[@Binding='${REDIRECT}']/@Location`, descriptor))[0];
  const ssoUrl = endpoint('SingleSignOnService');
  if (!ssoUrl) throw new IdpMetadataError('no SingleSignOnService with the HTTP-Redirect binding');
  const found = texts(
    select(`md:KeyDescriptor[not(@use) or @use='signing']/ds:KeyInfo/ds:X509Data/ds:X509Certificate`, descriptor),
  );
  // One certificate may be listed twice (SimpleSAMLphp lists its https certificate as a signing key too).
  const certificates = [...new Set(found.map(certificateOf))];
  if (certificates.length === 0) throw new IdpMetadataError('no signing certificate (KeyDescriptor use="signing")');
  const sloUrl = endpoint('SingleLogoutService');
  return { entityId: entity.getAttribute('entityID') ?? '', ssoUrl, ...(sloUrl ? { sloUrl } : {}), certificates };
}
