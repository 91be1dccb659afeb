/** Who made a request and from where, as the audit trail keeps it: the services get this, never the request. */
import type { FastifyRequest } from 'fastify';
import { type Origin, USER_AGENT_MAX } from '../db/audit-log.js';

/** `request.ip` honours TRUST_PROXY: behind a trusted proxy it is the client the proxy names, else the peer. */
export function originOf(request: FastifyRequest): Origin {
  const agent = request.headers['user-agent'];
  return {
    address: request.ip,
    requestId: request.id,
    ...(agent ? { userAgent: agent.slice(0, USER_AGENT_MAX) } : {}),
  };
}
