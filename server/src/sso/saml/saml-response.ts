/**
 * A SAML Response as received, read before node-saml validates it: what the provider said (issuer, status, the
 * request it answers), how it is signed and encrypted, and the assertion's subject and times. The portal's own rules
 * (saml-checks.ts) and its log lines read these facts; nothing here accepts an answer.
 */
import { attribute, child, children, decrypt, NS, parseXml, text } from './saml-xml.js';
import { signatureOf, type SignatureFacts } from './saml-signature.js';

export interface AssertionFacts {
  issuer?: string;
  nameId?: string;
  nameIdFormat?: string;
  notBefore?: string;
  notOnOrAfter?: string;
  /** The bearer SubjectConfirmationData's. */
  confirmationNotOnOrAfter?: string;
  confirmationInResponseTo?: string;
  signature: SignatureFacts;
}

export interface ResponseFacts {
  issuer?: string;
  status?: string;
  statusMessage?: string;
  inResponseTo?: string;
  signature: SignatureFacts;
  /** How many Assertion and EncryptedAssertion elements the Response holds. */
  assertions: number;
  /** The algorithms of an encrypted assertion; whether it was decrypted, or why it could not be. */
  encrypted?: { keyTransport?: string; content?: string; decrypted: boolean; error?: string };
  assertion?: AssertionFacts;
}

const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

function assertionFacts(assertion: Element, xml: string, certificates: string[]): AssertionFacts {
  const subject = child(assertion, NS.assertion, 'Subject');
  const nameId = child(subject, NS.assertion, 'NameID');
  const bearer = children(subject, NS.assertion, 'SubjectConfirmation').find((c) => attribute(c, 'Method') === BEARER);
  const data = child(bearer, NS.assertion, 'SubjectConfirmationData');
  const conditions = child(assertion, NS.assertion, 'Conditions');
  return {
    issuer: text(child(assertion, NS.assertion, 'Issuer')),
    nameId: text(nameId),
    nameIdFormat: attribute(nameId, 'Format'),
    notBefore: attribute(conditions, 'NotBefore'),
    notOnOrAfter: attribute(conditions, 'NotOnOrAfter'),
    confirmationNotOnOrAfter: attribute(data, 'NotOnOrAfter'),
    confirmationInResponseTo: attribute(data, 'InResponseTo'),
    signature: signatureOf(assertion, xml, certificates),
  };
}

function statusOf(response: Element): Pick<ResponseFacts, 'status' | 'statusMessage'> {
  const status = child(response, NS.protocol, 'Status');
  const code = child(status, NS.protocol, 'StatusCode');
  const codes = [attribute(code, 'Value'), attribute(child(code, NS.protocol, 'StatusCode'), 'Value')];
  return {
    status: codes.filter(Boolean).join(' / ') || undefined,
    statusMessage: text(child(status, NS.protocol, 'StatusMessage')),
  };
}

/**
 * The facts of a base64 SAMLResponse; an encrypted assertion is decrypted with `decryptionKey` when there is one.
 * Throws when it is not a well-formed SAML Response.
 */
export async function readResponse(
  samlResponse: string,
  certificates: string[],
  decryptionKey: string | undefined,
): Promise<ResponseFacts> {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const response = parseXml(xml).documentElement;
  if (response.localName !== 'Response' || response.namespaceURI !== NS.protocol)
    throw new Error(`a ${response.localName} where a SAML Response was expected`);
  const plain = children(response, NS.assertion, 'Assertion');
  const encrypted = children(response, NS.assertion, 'EncryptedAssertion');
  const facts: ResponseFacts = {
    issuer: text(child(response, NS.assertion, 'Issuer')),
    ...statusOf(response),
    inResponseTo: attribute(response, 'InResponseTo'),
    signature: signatureOf(response, xml, certificates),
    assertions: plain.length + encrypted.length,
  };
  if (facts.assertions !== 1) return facts;
  if (plain[0]) return { ...facts, assertion: assertionFacts(plain[0], xml, certificates) };
  const data = child(encrypted[0], NS.xenc, 'EncryptedData');
  const keyTransport = attribute(
    child(
      child(child(data, NS.dsig, 'KeyInfo'), NS.xenc, 'EncryptedKey') ?? child(encrypted[0], NS.xenc, 'EncryptedKey'),
      NS.xenc,
      'EncryptionMethod',
    ),
    'Algorithm',
  );
  const content = attribute(child(data, NS.xenc, 'EncryptionMethod'), 'Algorithm');
  if (!decryptionKey) return { ...facts, encrypted: { keyTransport, content, decrypted: false } };
  let decryptedXml;
  try {
    decryptedXml = await decrypt(encrypted[0]!, decryptionKey);
  } catch (error) {
    return { ...facts, encrypted: { keyTransport, content, decrypted: false, error: (error as Error).message } };
  }
  const assertion = parseXml(decryptedXml).documentElement;
  if (assertion.localName !== 'Assertion' || assertion.namespaceURI !== NS.assertion)
    throw new Error('the EncryptedAssertion holds no Assertion');
  return {
    ...facts,
    encrypted: { keyTransport, content, decrypted: true },
    assertion: assertionFacts(assertion, decryptedXml, certificates),
  };
}
