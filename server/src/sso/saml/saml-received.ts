/**
 * What a SAML answer carried, for the log line and the audit row of a refusal: who sent it, what it said, whom it
 * names and how it was signed and encrypted. Identifiers and algorithm names only, never a key or the assertion.
 */
import type { Received } from '../sso-service.js';
import type { ResponseFacts } from './saml-response.js';
import { describe } from './saml-signature.js';

export function receivedOf(facts: ResponseFacts): Received {
  const { assertion, encrypted } = facts;
  return {
    issuer: assertion?.issuer ?? facts.issuer,
    status: facts.status,
    statusMessage: facts.statusMessage,
    inResponseTo: facts.inResponseTo ?? assertion?.confirmationInResponseTo,
    subject: assertion?.nameId,
    nameIdFormat: assertion?.nameIdFormat,
    responseSignature: describe(facts.signature),
    assertionSignature: assertion ? describe(assertion.signature) : undefined,
    encryption: encrypted ? `${encrypted.keyTransport ?? '(none)'} / ${encrypted.content ?? '(none)'}` : undefined,
  };
}
