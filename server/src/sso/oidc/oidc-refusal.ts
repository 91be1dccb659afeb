/**
 * Why openid-client refused a provider's answer, in words a bank's identity team can act on: the provider's own
 * `error` and `error_description` (at the callback or from the token endpoint), which claim failed a time check and by
 * how much, which claim did not match, with the HTTP status of a refusal at the token endpoint. Only those fields are read: the libraries' error objects also carry the
 * callback's parameters and the token response, where the code and the tokens are.
 */
import type * as Oidc from 'openid-client';
import type { Received } from '../sso-service.js';

export interface Refusal {
  reason: string;
  received: Received;
}

/** What the provider writes is its own text: kept short, on one line. */
const short = (text: unknown): string | undefined =>
  typeof text === 'string' ? text.replace(/[\r\n]+/g, ' ').slice(0, 300) : undefined;

type Cause = { claim?: unknown; claims?: Record<string, unknown>; now?: unknown; tolerance?: unknown };

/** A time check: which claim, its value, and how far outside the allowed window (the skew counted) it was. */
function timeRefusal(cause: Cause): Refusal | null {
  const { claim, claims, now } = cause;
  if (typeof claim !== 'string' || typeof now !== 'number' || !claims) return null;
  const value = claims[claim];
  if (typeof value !== 'number') return null;
  const tolerance = typeof cause.tolerance === 'number' ? cause.tolerance : 0;
  // exp: past by; nbf: still ahead by; iat: older than the hour openid-client takes.
  const by = claim === 'nbf' ? value - now - tolerance : claim === 'iat' ? now - 3600 - value : now - tolerance - value;
  const when = claim === 'nbf' ? 'not yet valid' : claim === 'iat' ? 'issued too long ago' : 'expired';
  return {
    reason: `ID token ${when}: "${claim}" is ${Math.max(0, Math.round(by))} s outside the allowed window`,
    received: { claim, [claim]: new Date(value * 1000).toISOString(), serverTime: new Date(now * 1000).toISOString() },
  };
}

/** A claim that did not match (issuer, audience, authorized party): its name and, for those, the value received. */
function comparisonRefusal(message: string, cause: Cause): Refusal {
  const claim = typeof cause.claim === 'string' ? cause.claim : undefined;
  const value = claim && ['iss', 'aud', 'azp'].includes(claim) ? cause.claims?.[claim] : undefined;
  const received: Received = claim ? { claim } : {};
  if (value !== undefined && claim) received[claim] = short(Array.isArray(value) ? value.join(' ') : String(value));
  return { reason: `ID token refused: ${message}`, received };
}

/** The provider's OAuth error document, read from an answer the library has not read yet; {} when it is not one. */
async function errorBody(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text().catch(() => '');
  try {
    const body: unknown = JSON.parse(text.slice(0, 64 * 1024));
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * A 401 with a WWW-Authenticate challenge (RFC 6749 §5.2: a client that authenticated with Basic gets one): the
 * library stops at the header, but the provider's `error` and `error_description` are in the body, or in the
 * challenge's own parameters.
 */
async function challengeRefusal(error: Oidc.WWWAuthenticateChallengeError): Promise<Refusal> {
  const body = await errorBody(error.response);
  const parameters = error.cause.find((c) => c.parameters.error)?.parameters ?? {};
  const code = short(body.error) ?? short(parameters.error);
  const description = short(body.error_description) ?? short(parameters.error_description);
  return {
    reason: `the token endpoint refused (HTTP ${error.status}): ${code ?? 'no error code'}`,
    received: { error: code, error_description: description },
  };
}

export async function oidcRefusal(oidc: typeof Oidc, error: unknown): Promise<Refusal> {
  if (error instanceof oidc.WWWAuthenticateChallengeError) return challengeRefusal(error);
  if (error instanceof oidc.AuthorizationResponseError)
    return {
      reason: `the provider answered with an error: ${short(error.error)}`,
      received: { error: short(error.error), error_description: short(error.error_description) },
    };
  if (error instanceof oidc.ResponseBodyError)
    return {
      reason: `the token endpoint refused (HTTP ${error.status}): ${short(error.error)}`,
      received: { error: short(error.error), error_description: short(error.error_description) },
    };
  const { message, code, cause } = error as { message?: string; code?: string; cause?: unknown };
  // openid-client wraps oauth4webapi's error, whose own cause holds the claim that failed.
  const inner = cause instanceof Error && (cause as { code?: unknown }).code === code ? cause : error;
  const innerCause = (inner as { cause?: unknown }).cause;
  const details = (typeof innerCause === 'object' && innerCause !== null ? innerCause : {}) as Cause;
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') {
    const refusal = timeRefusal(details);
    if (refusal) return refusal;
  }
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') return comparisonRefusal((inner as Error).message, details);
  // An answer that is neither a token nor an OAuth error (a proxy's page, a 500): its HTTP status.
  const causeText =
    cause instanceof Error ? `: ${short(cause.message)}` : cause instanceof Response ? ` (HTTP ${cause.status})` : '';
  return { reason: `answer refused: ${short(message)}${causeText}`, received: code ? { code } : {} };
}
