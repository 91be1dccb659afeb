/**
 * One log line per request, as a proxy's access log reads: the request ID (the proxy's `X-Request-Id` when it sends a
 * usable one, else made here, and returned in the answer either way), the client address as TRUST_PROXY settles it,
 * the route pattern (never the address typed, which can hold a user ID), the status and the time taken.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const USABLE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Fastify's genReqId: the proxy's ID when it is one a log can carry safely, else a new one. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && USABLE_ID.test(given) ? given : randomUUID();
}

export class OneLinePerRequest extends LogController {
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
