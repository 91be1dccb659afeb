/**
 * One log line per request, as a proxy's access log reads: the request ID (the `X-Request-Id` of a proxy TRUST_PROXY
 * names, when it sends a usable one, else made here, and returned in the answer either way), the client address as
 * TRUST_PROXY settles it, the route pattern (never the address typed, which can hold a user ID), the status and the
 * time taken.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const USABLE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * Whether a connection's peer is one of the proxies TRUST_PROXY believes (config.ts checked the setting): with a hop
 * count the nearest hop always is, with addresses and networks only a peer among them, with `false` none.
 */
export function trustedPeer(setting: boolean | number | string): (peer: string | undefined) => boolean {
  if (typeof setting === 'boolean') return () => setting;
  if (typeof setting === 'number') return () => setting > 0;
  const proxies = new BlockList();
  for (const entry of setting.split(',')) {
    const [address = '', bits] = entry.split('/');
    if (bits === undefined) proxies.addAddress(address, familyOf(address));
    else proxies.addSubnet(address, Number(bits), familyOf(address));
  }
  return (peer) => peer !== undefined && isIP(peer) !== 0 && proxies.check(peer, familyOf(peer));
}

/**
 * Fastify's genReqId: the `X-Request-Id` a trusted proxy sends, when it is one a log can carry safely, else a new one.
 * A client's own header is never taken: it could name a request of someone else's in the log.
 */
export function requestIds(trusted: (peer: string | undefined) => boolean): (request: IncomingMessage) => string {
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    const usable = typeof given === 'string' && USABLE_ID.test(given) && trusted(request.socket.remoteAddress);
    return usable ? given : randomUUID();
  };
}

/** What a listener adds to its lines (the admin listener: the key's name). */
type MoreFields = (request: FastifyRequest) => Record<string, unknown>;

export class OneLinePerRequest extends LogController {
  constructor(private readonly more: MoreFields = () => ({})) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const path = request.url.split('?')[0];
    const ms = Math.round(reply.elapsedTime);
    const line = {
      ip: request.ip,
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      path,
      status: reply.statusCode,
      ms,
      ...this.more(request),
    };
    const text = `${request.method} ${path} ${reply.statusCode} ${ms} ms`;
    if (error) reply.log.error({ ...line, err: error }, text);
    else reply.log.info(line, text);
  }
}

/** Every answer names its request, so a user's report or the proxy's log leads to the service's line. */
export function returnRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
