/**
 * Security events as log lines of their own, for the bank's SOC to match on: `security` names the event (a refused
 * sign-in, a lock, a refused recovery or password change, a throttled call, a refused anti-forgery token), with the
 * request's ID (`reqId`, as on the request's own line and the proxy's), the account's user ID and internal ID, the
 * client address and user agent, and never a secret (the audit's details hold none).
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { type AuditKind, type AuditListener, USER_AGENT_MAX } from '../db/audit-log.js';

/** The audit events that are security events; the rest (a success, a logout) are the audit's alone. */
const SECURITY_KINDS: ReadonlySet<AuditKind> = new Set([
  'signin.failure',
  'account.locked',
  'recovery.failure',
  'password.change.failure',
]);

export function logSecurityEvent(
  log: Pick<FastifyBaseLogger, 'warn'>,
  event: string,
  fields: Record<string, unknown>,
): void {
  log.warn({ security: event, ...fields }, `security event: ${event}`);
}

/** What a request's own security line says of it besides its `reqId` (which its logger adds). */
export const requestFields = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
  route: request.routeOptions.url ?? 'unmatched',
});

export function securityEventLog(log: Pick<FastifyBaseLogger, 'warn'>): AuditListener {
  return (kind, accountId, detail, origin, userId) => {
    if (!SECURITY_KINDS.has(kind)) return;
    const request = { reqId: origin?.requestId ?? null, ip: origin?.address, userAgent: origin?.userAgent ?? null };
    logSecurityEvent(log, kind, { ...request, userId: userId ?? null, accountId, ...detail });
  };
}
