/**
 * The causes the portal's SAML rules name for what SimpleSAMLphp cannot be made to send (an error status, an assertion
 * not yet valid, a lapsed subject confirmation); the provider's own variants are in server/test/sso-saml-bank.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { refusalOf, type SamlRules } from './saml-checks.js';
import type { ResponseFacts } from './saml-response.js';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const rules: SamlRules = {
  idpEntityId: 'https://idp.bank.example',
  signatures: 'either',
  allowSha1: false,
  requestId: '_request',
  skewMs: 30_000,
  now: NOW,
};
const signed = { state: 'valid' as const, algorithms: ['http://www.w3.org/2001/04/xmldsig-more#rsa-sha256'] };
const facts = (assertion: Partial<NonNullable<ResponseFacts['assertion']>> = {}): ResponseFacts => ({
  issuer: rules.idpEntityId,
  status: 'urn:oasis:names:tc:SAML:2.0:status:Success',
  inResponseTo: '_request',
  signature: signed,
  assertions: 1,
  assertion: { issuer: rules.idpEntityId, signature: { state: 'absent', algorithms: [] }, ...assertion },
});

describe('the portal’s SAML rules', () => {
  it('takes a signed answer to this browser’s request within its times', () => {
    expect(refusalOf(facts({ notOnOrAfter: '2026-11-21T10:05:00Z' }), rules)).toBeNull();
  });

  it('names an error status the provider answered', () => {
    const error = { ...facts(), status: 'urn:oasis:names:tc:SAML:2.0:status:Responder', assertions: 0 };
    expect(refusalOf({ ...error, assertion: undefined }, rules)).toBe('the provider answered with an error status');
  });

  it.each([
    [
      { notBefore: '2026-11-21T10:02:00Z' },
      "Conditions NotBefore (2026-11-21T10:02:00Z) is 120 s ahead of the portal's clock",
    ],
    [{ notOnOrAfter: '2026-11-21T09:59:00Z' }, 'Conditions NotOnOrAfter (2026-11-21T09:59:00Z) passed 60 s ago'],
    [
      { confirmationNotOnOrAfter: '2026-11-21T09:58:00Z' },
      'SubjectConfirmationData NotOnOrAfter (2026-11-21T09:58:00Z) passed 120 s ago',
    ],
  ])('names the time condition that fails and by how much: %o', (times, cause) => {
    expect(refusalOf(facts(times), rules)).toBe(`the assertion's ${cause} (30 s of clock skew allowed)`);
  });

  it('refuses an unsigned response around a signed assertion that names no request', () => {
    const wrapped = { ...facts({ signature: signed }), signature: { state: 'absent' as const, algorithms: [] } };
    expect(refusalOf(wrapped, rules)).toBe(
      'the signed assertion names no request it answers (SubjectConfirmationData InResponseTo)',
    );
    const bound = { ...wrapped, assertion: { ...wrapped.assertion!, confirmationInResponseTo: '_request' } };
    expect(refusalOf(bound, rules)).toBeNull();
  });

  it('takes times within the 30 s of skew', () => {
    const times = { notBefore: '2026-11-21T10:00:20Z', notOnOrAfter: '2026-11-21T09:59:40Z' };
    expect(refusalOf(facts(times), rules)).toBeNull();
  });
});
