/**
 * IdP-initiated sign-on (a tile in the bank's portal posts an answer no request of this browser asked for). Off unless
 * the cobrand's record sets `idpInitiated`; on, such an answer is taken only if its signed assertion answers no request,
 * names this portal's address as its recipient (its audience is node-saml's check), and was issued within
 * IDP_INITIATED_MAX_AGE_MS (docs/decisions.md, "IdP-initiated SAML sign-on"). It is single use as every assertion is.
 */
import type { Profile, SamlConfig, ValidateInResponseTo } from '@node-saml/node-saml';
import { CLOCK_SKEW_SECONDS, type SamlSettings } from '../providers.js';
import type { Flow } from '../flow-cookie.js';

/** How old an unsolicited assertion may be: the tile's page posts it within seconds of its issue. */
export const IDP_INITIATED_MAX_AGE_MS = 3 * 60_000;
const SKEW_MS = CLOCK_SKEW_SECONDS * 1000;
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/** node-saml's settings for an unsolicited answer: no request to match; what that check covered is checked here. */
export const UNSOLICITED: Partial<SamlConfig> = { validateInResponseTo: 'never' as ValidateInResponseTo };

/** How an answer is checked: as the answer to this browser's request, as an unsolicited one, or not at all. */
export type Way =
  | { check: 'solicited' | 'unsolicited' }
  | { check: 'refuse'; reason: string }
  | { check: 'start at portal'; reason: string };

/**
 * Chooses by the flow this browser started and whether the answer (not yet verified) names a request: the check that
 * follows verifies what this relied on. A RelayState is never a redirect target: it only has to match the flow's.
 */
export function wayOf(
  idp: SamlSettings,
  flow: Flow | null,
  answer: { SAMLResponse: string; RelayState?: string },
): Way {
  if (flow && flow.state === answer.RelayState) return { check: 'solicited' };
  const solicited = answersARequest(answer.SAMLResponse);
  if (flow && solicited) return { check: 'refuse', reason: 'another RelayState than the sign-on in progress' };
  if (!solicited && idp.idpInitiated) return { check: 'unsolicited' };
  return {
    check: 'start at portal',
    reason: solicited
      ? 'the answer names a request, but no sign-on is in progress in this browser'
      : 'an IdP-initiated answer, and IdP-initiated sign-on is off for this cobrand',
  };
}

function answersARequest(samlResponse: string): boolean {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  return /<(?:[\w.-]+:)?Response\b[^>]*\sInResponseTo\s*=\s*["'][^"']/.test(xml);
}

interface XmlNode {
  $?: Record<string, string | undefined>;
  [child: string]: unknown;
}
const children = (node: XmlNode | undefined, name: string) => (node?.[name] as XmlNode[] | undefined) ?? [];
const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/**
 * Why a verified unsolicited answer is not taken, or null. node-saml, told of no request, skips the subject
 * confirmation entirely: its recipient, its deadlines and its InResponseTo are checked here, with the issue time.
 */
export function unsolicitedProblem(profile: Profile, callbackUrl: string, now: number): string | null {
  if (profile.inResponseTo) return 'the answer names a request, but no sign-on is in progress in this browser';
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion;
  const issued = Date.parse(assertion?.$?.IssueInstant ?? '');
  if (Number.isNaN(issued)) return 'the assertion has no IssueInstant';
  if (issued > now + SKEW_MS) return `the assertion's IssueInstant is ${seconds(issued - now)} ahead of this clock`;
  if (now - issued > IDP_INITIATED_MAX_AGE_MS + SKEW_MS)
    return `the assertion's IssueInstant is ${seconds(now - issued)} old, over the ${seconds(IDP_INITIATED_MAX_AGE_MS)} an IdP-initiated sign-on may take`;
  const confirmations = children(children(assertion, 'Subject')[0], 'SubjectConfirmation').filter(
    (c) => c.$?.Method === BEARER,
  );
  const data = confirmations.flatMap((c) => children(c, 'SubjectConfirmationData').map((d) => d.$ ?? {}));
  if (data.length === 0) return 'the assertion has no bearer SubjectConfirmationData';
  const problems = data.map((d) => confirmationProblem(d, callbackUrl, now));
  return problems.includes(null) ? null : problems[0]!;
}

function confirmationProblem(data: Record<string, string | undefined>, callbackUrl: string, now: number) {
  if (data.InResponseTo) return 'the assertion answers a request (SubjectConfirmationData InResponseTo)';
  if (data.Recipient !== callbackUrl)
    return `SubjectConfirmationData Recipient ${data.Recipient ?? '(none)'} is not ${callbackUrl}`;
  const notOnOrAfter = Date.parse(data.NotOnOrAfter ?? '');
  if (Number.isNaN(notOnOrAfter)) return 'SubjectConfirmationData has no NotOnOrAfter';
  if (now - SKEW_MS >= notOnOrAfter)
    return `SubjectConfirmationData NotOnOrAfter passed ${seconds(now - notOnOrAfter)} ago`;
  const notBefore = Date.parse(data.NotBefore ?? '');
  if (now + SKEW_MS < notBefore) return `SubjectConfirmationData NotBefore is ${seconds(notBefore - now)} ahead`;
  return null;
}
