/**
 * The XML of a SAML answer, read with the libraries node-saml itself reads and checks it with (@xmldom/xmldom,
 * xml-crypto, xml-encryption), loaded at the first SAML answer as node-saml is (providers.ts says why).
 */
import { createRequire } from 'node:module';
import type * as Xmldom from '@xmldom/xmldom';
import type * as XmlCrypto from 'xml-crypto';
import type * as XmlEncryption from 'xml-encryption';

export const NS = {
  protocol: 'urn:oasis:names:tc:SAML:2.0:protocol',
  assertion: 'urn:oasis:names:tc:SAML:2.0:assertion',
  dsig: 'http://www.w3.org/2000/09/xmldsig#',
  xenc: 'http://www.w3.org/2001/04/xmlenc#',
} as const;

const load = createRequire(import.meta.url);
export const xmlCrypto = () => load('xml-crypto') as typeof XmlCrypto;
const xmldom = () => load('@xmldom/xmldom') as typeof Xmldom;
const xmlEncryption = () => load('xml-encryption') as typeof XmlEncryption;

/** A document parsed strictly: any parser error or warning, or a DOCTYPE (entities), refuses it. */
export function parseXml(xml: string): Document {
  const fail = (message: string) => {
    throw new Error(`not well-formed XML: ${message.split('\n')[0]}`);
  };
  const parser = new (xmldom().DOMParser)({ errorHandler: { warning: fail, error: fail, fatalError: fail } });
  const doc = parser.parseFromString(xml, 'text/xml') as unknown as Document;
  if (!doc.documentElement) fail('no root element');
  if (doc.doctype) fail('a DOCTYPE is not accepted');
  return doc;
}

export const serialize = (node: Node): string => new (xmldom().XMLSerializer)().serializeToString(node as never);

/** The element children of `parent` named `name` in namespace `ns`, in order. */
export function children(parent: Element | null | undefined, ns: string, name: string): Element[] {
  const found: Element[] = [];
  for (let node = parent?.firstChild ?? null; node; node = node.nextSibling) {
    const element = node as Element;
    if (node.nodeType === 1 && element.localName === name && element.namespaceURI === ns) found.push(element);
  }
  return found;
}

export const child = (parent: Element | null | undefined, ns: string, name: string): Element | undefined =>
  children(parent, ns, name)[0];

/** An attribute's value, or undefined when it is absent. */
export const attribute = (element: Element | null | undefined, name: string): string | undefined =>
  element?.hasAttribute(name) ? element.getAttribute(name)! : undefined;

export const text = (element: Element | null | undefined): string | undefined =>
  element ? (element.textContent ?? '').trim() : undefined;

/** An EncryptedAssertion's content decrypted with the portal's key (xml-encryption, as node-saml decrypts it). */
export function decrypt(encrypted: Element, key: string): Promise<string> {
  return new Promise((resolve, reject) =>
    xmlEncryption().decrypt(serialize(encrypted), { key, disallowDecryptionWithInsecureAlgorithm: true }, (e, xml) =>
      e || typeof xml !== 'string' ? reject(e ?? new Error('nothing decrypted')) : resolve(xml),
    ),
  );
}
