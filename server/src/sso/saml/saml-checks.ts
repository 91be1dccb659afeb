/**
 * The portal's rules for a SAML answer beyond what node-saml checks, each refusal with its precise cause: the request
 * this browser started, which parts the provider must sign and with what, how an assertion may be encrypted, and its
 * times said in seconds. node-saml then validates the answer as before; both must accept it.
 */
import type { ResponseFacts } from './saml-response.js';
import { usesSha1, type SignatureFacts } from './saml-signature.js';

export interface SamlRules {
  idpEntityId: string;
  /** `either` (the response or the assertion, ADFS's, Entra ID's and Shibboleth's defaults) or `both`. */
  signatures: 'either' | 'both';
  allowSha1: boolean;
  /** The ID of the AuthnRequest this browser's flow started. */
  requestId: string | undefined;
  /** An IdP-initiated answer, taken where the record allows it: it must answer no request (idp-initiated.ts). */
  unsolicited?: boolean;
  skewMs: number;
  now: number;
}

const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
const KEY_TRANSPORT = ['http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p', 'http://www.w3.org/2009/xmlenc11#rsa-oaep'];
const CONTENT = /^http:\/\/www\.w3\.org\/(2001\/04\/xmlenc#aes(128|256)-cbc|2009\/xmlenc11#aes(128|256)-gcm)$/;

function status(facts: ResponseFacts): string | null {
  if (facts.status && !facts.status.startsWith(SUCCESS)) return 'the provider answered with an error status';
  if (facts.assertions === 0) return 'the response holds no assertion';
  if (facts.assertions > 1) return 'the response holds more than one assertion';
  return null;
}

function issuer(facts: ResponseFacts, rules: SamlRules): string | null {
  const issuers = [facts.issuer, facts.assertion?.issuer].filter((value) => value !== undefined);
  return issuers.some((value) => value !== rules.idpEntityId) ? `another issuer than ${rules.idpEntityId}` : null;
}

function request(facts: ResponseFacts, rules: SamlRules): string | null {
  const answered = [facts.inResponseTo, facts.assertion?.confirmationInResponseTo];
  if (rules.unsolicited)
    return answered.some((id) => id !== undefined) ? 'an IdP-initiated answer names a request (InResponseTo)' : null;
  if (!rules.requestId) return 'the sign-on in this browser has no request to answer';
  if (answered.every((id) => id === undefined)) return 'the response names no request it answers (InResponseTo)';
  if (answered.some((id) => id !== undefined && id !== rules.requestId))
    return 'the response answers another request than the one this browser started (InResponseTo)';
  // With the response unsigned, only the assertion's own InResponseTo ties the signed part to this request.
  if (facts.signature.state !== 'valid' && facts.assertion && !facts.assertion.confirmationInResponseTo)
    return 'the signed assertion names no request it answers (SubjectConfirmationData InResponseTo)';
  return null;
}

const notValid = (part: string, facts: SignatureFacts): string | null =>
  facts.state === 'absent' || facts.state === 'valid'
    ? null
    : {
        'other certificate': `the ${part}'s signature is by another certificate than the one configured`,
        'content changed': `the ${part}'s signature does not match its content (changed after signing)`,
        'not over this element': `the ${part}'s signature does not cover the ${part}`,
      }[facts.state];

function signatures(facts: ResponseFacts, rules: SamlRules): string | null {
  const response = facts.signature;
  const assertion = facts.assertion?.signature;
  if (facts.encrypted?.error)
    return `the assertion does not decrypt with the key of spDecryptionKeyEnv (${facts.encrypted.error})`;
  if (facts.encrypted && !facts.encrypted.decrypted)
    return 'the assertion is encrypted and the record names no decryption key (spDecryptionKeyEnv)';
  const broken = notValid('response', response) ?? (assertion ? notValid('assertion', assertion) : null);
  if (broken) return broken;
  if (rules.signatures === 'both' && (response.state !== 'valid' || assertion?.state !== 'valid'))
    return `the record requires both the response and the assertion signed; the ${response.state !== 'valid' ? 'response' : 'assertion'} is not`;
  if (response.state !== 'valid' && assertion?.state !== 'valid')
    return 'neither the response nor the assertion is signed';
  if (!rules.allowSha1 && [response, assertion].some((s) => s && s.state !== 'absent' && usesSha1(s)))
    return 'a SHA-1 signature or digest, which the record does not allow (allowSha1)';
  return null;
}

function encryption(facts: ResponseFacts): string | null {
  if (!facts.encrypted) return null;
  const { keyTransport = '(none)', content = '(none)' } = facts.encrypted;
  if (!KEY_TRANSPORT.includes(keyTransport))
    return `the assertion's key is encrypted with ${keyTransport}, not RSA-OAEP`;
  if (!CONTENT.test(content)) return `the assertion is encrypted with ${content}, not AES-CBC or AES-GCM`;
  return null;
}

/** Which time condition of the assertion fails now, and by how many seconds beyond the skew allowed. */
function times(facts: ResponseFacts, rules: SamlRules): string | null {
  const { now, skewMs } = rules;
  const a = facts.assertion;
  const skew = `${skewMs / 1000} s of clock skew allowed`;
  const at = (value: string | undefined) => (value === undefined ? undefined : Date.parse(value));
  const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
  const notBefore = at(a?.notBefore);
  if (notBefore !== undefined && (Number.isNaN(notBefore) || now + skewMs < notBefore))
    return `the assertion's Conditions NotBefore (${a?.notBefore}) is ${seconds(notBefore - now)} ahead of the portal's clock (${skew})`;
  const ends: [string, string | undefined][] = [
    ['Conditions NotOnOrAfter', a?.notOnOrAfter],
    ['SubjectConfirmationData NotOnOrAfter', a?.confirmationNotOnOrAfter],
  ];
  for (const [name, value] of ends) {
    const end = at(value);
    if (end !== undefined && (Number.isNaN(end) || now - skewMs >= end))
      return `the assertion's ${name} (${value}) passed ${seconds(now - end)} ago (${skew})`;
  }
  return null;
}

/** The first rule the answer breaks, as the log says it; null when the portal's own rules take it. */
export function refusalOf(facts: ResponseFacts, rules: SamlRules): string | null {
  return (
    status(facts) ??
    issuer(facts, rules) ??
    request(facts, rules) ??
    encryption(facts) ??
    signatures(facts, rules) ??
    times(facts, rules)
  );
}
