/**
 * What an element's enveloped XML signature is, as the bank's team needs to hear it: absent, valid by a configured
 * certificate, made by another certificate, or over content changed since signing; and with which algorithms.
 * node-saml stays the check that accepts; this one names the cause of a refusal and the algorithms it allows.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { attribute, child, children, NS, text, xmlCrypto } from './saml-xml.js';

export type SignatureState = 'absent' | 'valid' | 'other certificate' | 'content changed' | 'not over this element';

export interface SignatureFacts {
  state: SignatureState;
  /** SignatureMethod's and the references' DigestMethod algorithms. */
  algorithms: string[];
  /** The SHA-256 fingerprint of the certificate the signature carries (KeyInfo), where it carries one. */
  certificate?: string;
}

const SHA1 = /(#|-)sha1$/i;

/** Whether a signature uses SHA-1 for its signature or any digest. */
export const usesSha1 = (facts: SignatureFacts): boolean => facts.algorithms.some((a) => SHA1.test(a));

/** A short account of a signature for the log: `valid (rsa-sha256, sha256)`, `absent`. */
export function describe(facts: SignatureFacts | undefined): string {
  if (!facts) return 'not readable';
  const names = [...new Set(facts.algorithms.map((a) => a.replace(/^.*#/, '')))];
  // The certificate is worth naming when it is not the one configured: the bank's team can tell which one it is.
  const by =
    facts.certificate && facts.state === 'other certificate' ? `, certificate sha256:${facts.certificate}` : '';
  return facts.state === 'absent' ? 'absent' : `${facts.state} (${names.join(', ')}${by})`;
}

const fingerprint = (base64: string): string =>
  createHash('sha256')
    .update(Buffer.from(base64.replace(/\s+/g, ''), 'base64'))
    .digest('hex');

function carriedCertificate(signature: Element): string | undefined {
  const x509 = text(
    child(child(child(signature, NS.dsig, 'KeyInfo'), NS.dsig, 'X509Data'), NS.dsig, 'X509Certificate'),
  );
  return x509 ? fingerprint(x509) : undefined;
}

const configuredFingerprint = (pem: string) => {
  try {
    return createHash('sha256').update(new X509Certificate(pem).raw).digest('hex');
  } catch {
    return undefined;
  }
};

/**
 * The signature that is a direct child of `element`, checked against each of `certificates` in the document `xml`
 * (the text the element was parsed from, as xml-crypto canonicalizes from it).
 */
export function signatureOf(element: Element, xml: string, certificates: string[]): SignatureFacts {
  const signatures = children(element, NS.dsig, 'Signature');
  if (signatures.length === 0) return { state: 'absent', algorithms: [] };
  const signature = signatures[0]!;
  const signedInfo = child(signature, NS.dsig, 'SignedInfo');
  const references = children(signedInfo, NS.dsig, 'Reference');
  const algorithms = [
    attribute(child(signedInfo, NS.dsig, 'SignatureMethod'), 'Algorithm') ?? '',
    ...references.map((ref) => attribute(child(ref, NS.dsig, 'DigestMethod'), 'Algorithm') ?? ''),
  ];
  const certificate = carriedCertificate(signature);
  const facts = (state: SignatureState): SignatureFacts => ({
    state,
    algorithms,
    ...(certificate ? { certificate } : {}),
  });
  const id = attribute(element, 'ID');
  if (signatures.length > 1 || references.length !== 1 || !id || attribute(references[0], 'URI') !== `#${id}`)
    return facts('not over this element');
  let changed = false;
  for (const pem of certificates) {
    const signed = new (xmlCrypto().SignedXml)({ publicCert: pem, getCertFromKeyInfo: () => null });
    try {
      signed.loadSignature(signature);
      if (signed.checkSignature(xml)) return facts('valid');
      // The digest of the signed content differs: it was changed after signing, whoever signed it.
      changed = true;
    } catch {
      // The signature value does not verify with this certificate: another may be the one.
    }
  }
  if (changed) return facts('content changed');
  // A carried certificate that is one of ours, yet the value does not verify: the signed content was changed.
  const ours = certificates.map(configuredFingerprint);
  return facts(certificate && ours.includes(certificate) ? 'content changed' : 'other certificate');
}
