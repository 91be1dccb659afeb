/**
 * OpenID Connect Front-Channel Logout 1.0: when the user's session at the provider ends, the provider's page loads
 * this address in an iframe with its issuer (`iss`) and the session's ID (`sid`); the portal sessions single sign-on
 * opened through that provider session end. The request carries no cookie of the portal (a third-party iframe), so
 * the sessions are found by the `sid` the ID token named, as for back-channel logout. The page may be framed by the
 * provider only, and is never cached (§3). Taken and refused requests are logged and audited as back-channel ones.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { originOf } from '../../http/origin.js';
import { SECURITY_HEADERS } from '../../http/headers.js';
import type { OidcSettings } from '../providers.js';
import type { Received } from '../sso-service.js';
import { type BackChannelOptions, endProviderSession } from './back-channel-logout.js';

export interface FrontChannelQuery {
  iss?: string | undefined;
  sid?: string | undefined;
}

const PAGE = '<!doctype html><meta charset="utf-8"><title>Signed out</title>';

export class FrontChannelLogout {
  constructor(private readonly o: BackChannelOptions) {}

  async handle(
    name: string,
    idp: OidcSettings | null,
    query: FrontChannelQuery,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!idp) return this.refuse(name, 'this cobrand has no OpenID provider', {}, request, reply);
    this.frameableBy(new URL(idp.issuer).origin, reply);
    const received = { issuer: query.iss, sid: query.sid };
    if (query.iss !== idp.issuer)
      return this.refuse(name, 'iss is not the provider of this cobrand', received, request, reply);
    if (!query.sid) return this.refuse(name, 'no sid: the provider must send the session ID', received, request, reply);
    // LemonLDAP::NG 2.16 names no sid in its ID tokens and sends the user's sub as `sid` here: that is taken for the
    // sessions whose ID token named no sid, and only those.
    const ended =
      (await endProviderSession(this.o, name, { sid: query.sid })) +
      (await endProviderSession(this.o, name, { sub: query.sid, sid: null }));
    request.log.info({ cobrand: name, received, ended }, 'provider ended its session: front-channel logout');
    const audited = { ...received, channel: 'front', sessions: String(ended) };
    await this.o.service.providerLogout(name, audited, originOf(request));
    return reply.code(200).send(PAGE);
  }

  /** The provider's page, and it alone, may frame the answer. */
  private frameableBy(origin: string, reply: FastifyReply): void {
    const csp = SECURITY_HEADERS['content-security-policy']!.replace(
      "frame-ancestors 'none'",
      `frame-ancestors ${origin}`,
    );
    reply.header('content-security-policy', csp).removeHeader('x-frame-options');
  }

  private async refuse(name: string, reason: string, received: Received, request: FastifyRequest, reply: FastifyReply) {
    request.log.warn({ cobrand: name, reason, received }, 'front-channel logout refused');
    await this.o.service.providerLogout(name, { ...received, channel: 'front', refused: reason }, originOf(request));
    return reply.code(400).send(PAGE);
  }
}
