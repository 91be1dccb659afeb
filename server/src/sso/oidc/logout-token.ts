/**
 * An OpenID Connect Back-Channel Logout 1.0 logout token, checked as §2.6 asks: signed by a key of the provider's JWKS
 * (asymmetric algorithms only), its issuer, this client as audience, recent, the back-channel logout event, a sub
 * and/or a sid, and no nonce (which would make it an ID token). Single use is the caller's (it needs the store).
 */
import type { JWTPayload, JWTVerifyGetKey } from 'jose';
import { CLOCK_SKEW_SECONDS } from '../providers.js';

export const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/**
 * How old a logout token may be. Back-Channel Logout drafts before 1.0 final (Glewlwyd 2.7's, for one) send no `exp`:
 * its `iat` bounds it instead.
 */
export const LOGOUT_TOKEN_MAX_AGE_SECONDS = 120;
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export class LogoutTokenError extends Error {
  constructor(
    message: string,
    readonly received: Record<string, string | undefined> = {},
  ) {
    super(message);
  }
}

export interface LogoutClaims {
  sub?: string;
  sid?: string;
  jti: string;
  iat: number;
}

const jose = () => import('jose');
const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** A time check jose refused: which claim, and by how many seconds (the skew counted). */
function timeFailure(claim: string, payload: JWTPayload, now: number): LogoutTokenError {
  const value = payload[claim];
  if (typeof value !== 'number') return new LogoutTokenError(`"${claim}" claim missing or not a number`);
  const skew = CLOCK_SKEW_SECONDS;
  const by =
    claim === 'exp'
      ? now - value - skew
      : claim === 'nbf'
        ? value - now - skew
        : value > now
          ? value - now - skew
          : now - value - LOGOUT_TOKEN_MAX_AGE_SECONDS - skew;
  const received = { claim, [claim]: new Date(value * 1000).toISOString() };
  return new LogoutTokenError(`"${claim}" is ${Math.max(0, Math.round(by))} s outside the allowed window`, received);
}

export async function verifyLogoutToken(
  token: string,
  keys: JWTVerifyGetKey,
  expected: { issuer: string; audience: string },
): Promise<LogoutClaims> {
  const { jwtVerify, errors } = await jose();
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keys, {
      ...expected,
      algorithms: ALGORITHMS,
      maxTokenAge: LOGOUT_TOKEN_MAX_AGE_SECONDS,
      clockTolerance: CLOCK_SKEW_SECONDS,
      requiredClaims: ['iat', 'jti'],
    }));
  } catch (error) {
    if (error instanceof errors.JWTClaimValidationFailed) {
      const { claim, payload: sent } = error;
      if (['iat', 'exp', 'nbf'].includes(claim) && error.reason === 'check_failed')
        return Promise.reject(timeFailure(claim, sent, Math.floor(Date.now() / 1000)));
      return Promise.reject(new LogoutTokenError(error.message, { claim, [claim]: text(sent[claim]) }));
    }
    return Promise.reject(new LogoutTokenError((error as Error).message));
  }
  return checkLogoutClaims(payload);
}

function checkLogoutClaims(payload: JWTPayload): LogoutClaims {
  const events = payload.events as Record<string, unknown> | undefined;
  const event = events?.[BACKCHANNEL_EVENT];
  if (typeof event !== 'object' || event === null || Array.isArray(event))
    throw new LogoutTokenError('no back-channel logout event in "events"');
  if ('nonce' in payload) throw new LogoutTokenError('a logout token carries no "nonce"');
  const [sub, sid] = [text(payload.sub), text(payload.sid)];
  if (!sub && !sid) throw new LogoutTokenError('neither "sub" nor "sid"');
  return { ...(sub ? { sub } : {}), ...(sid ? { sid } : {}), jti: String(payload.jti), iat: Number(payload.iat) };
}
