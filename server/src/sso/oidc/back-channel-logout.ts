/**
 * OpenID Connect Back-Channel Logout 1.0: the provider posts a logout token when the user's session there ends (they
 * logged out of another application, or an administrator ended it); the portal sessions that single sign-on opened
 * through that provider session (`sid`), or for that provider subject (`sub`), end. 200 when taken, 400 with an OAuth
 * error body when not (§2.8); both are logged and audited.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type { Clock } from '../../clock.js';
import { originOf } from '../../http/origin.js';
import type { SessionManager } from '../../session/index.js';
import type { OidcSettings, Providers } from '../providers.js';
import type { Received, SsoService } from '../sso-service.js';
import type { SsoStore } from '../sso-store.js';
import { LOGOUT_TOKEN_MAX_AGE_SECONDS, LogoutTokenError, verifyLogoutToken } from './logout-token.js';
import { CLOCK_SKEW_SECONDS } from '../providers.js';

export interface BackChannelOptions {
  providers: Providers;
  sessions: SessionManager;
  service: SsoService;
  store: SsoStore;
  clock: Clock;
}

const jose = () => import('jose');

/** The portal sessions behind the named provider session or subject end (back- and front-channel); answers how many. */
export async function endProviderSession(
  o: Pick<BackChannelOptions, 'store' | 'sessions' | 'clock'>,
  name: string,
  claims: { sub?: string; sid?: string | null },
): Promise<number> {
  const accounts = await o.store.providerSessions.take(name, claims, o.clock());
  let ended = 0;
  for (const accountId of accounts) ended += await o.sessions.endFederated(accountId, name);
  return ended;
}

export class BackChannelLogout {
  /** The provider's keys per cobrand and JWKS address: jose fetches them again for a key it does not know. */
  private readonly keySets = new Map<string, JWTVerifyGetKey>();

  constructor(private readonly o: BackChannelOptions) {}

  async handle(
    name: string,
    idp: OidcSettings | null,
    token: string | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    reply.header('cache-control', 'no-store');
    if (!idp) return this.refuse(name, 'this cobrand has no OpenID provider', {}, request, reply);
    if (!token) return this.refuse(name, 'no logout_token', {}, request, reply);
    try {
      const config = await this.o.providers.oidc(name, idp);
      const { issuer, jwks_uri: jwksUri } = config.serverMetadata();
      if (!jwksUri) throw new LogoutTokenError('the provider publishes no jwks_uri');
      const claims = await verifyLogoutToken(token, await this.keys(name, jwksUri), { issuer, audience: idp.clientId });
      const received = { sub: claims.sub, sid: claims.sid, issuer };
      // Once only: remembered until it would be too old anyway.
      const until = (claims.iat + LOGOUT_TOKEN_MAX_AGE_SECONDS + CLOCK_SKEW_SECONDS) * 1000;
      if (
        !(await this.o.store.once(
          `oidc-logout:${name}:${claims.jti}`,
          name,
          Math.max(until, this.o.clock()),
          this.o.clock(),
        ))
      )
        return this.refuse(name, 'logout token used before', received, request, reply);
      const ended = await this.end(name, claims);
      request.log.info({ cobrand: name, received, ended }, 'provider ended its session: back-channel logout');
      await this.o.service.providerLogout(name, { ...received, sessions: String(ended) }, originOf(request));
      return reply.code(200).send();
    } catch (error) {
      const { message, received = {} } = error as LogoutTokenError;
      return this.refuse(name, `logout token refused: ${message}`, received, request, reply);
    }
  }

  private async keys(name: string, jwksUri: string): Promise<JWTVerifyGetKey> {
    const key = `${name}\u0000${jwksUri}`;
    let keys = this.keySets.get(key);
    if (!keys) {
      keys = (await jose()).createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 10_000 });
      this.keySets.set(key, keys);
    }
    return keys;
  }

  private end(name: string, claims: { sub?: string; sid?: string }): Promise<number> {
    return endProviderSession(this.o, name, claims);
  }

  private async refuse(name: string, reason: string, received: Received, request: FastifyRequest, reply: FastifyReply) {
    request.log.warn({ cobrand: name, reason, received }, 'back-channel logout refused');
    await this.o.service.providerLogout(name, { ...received, refused: reason }, originOf(request));
    return reply.code(400).send({ error: 'invalid_request', error_description: reason });
  }
}
