/**
 * Security events as log lines of their own, for the bank's SOC to match on: `security` names the event (a refused
 * sign-in, a lock, a refused recovery or password change, a throttled call, a refused anti-forgery token), with the
 * account's internal ID and the client address, and never a secret (the audit's details hold none).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AuditKind, AuditListener } from '../db/audit-log.js';

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

export function securityEventLog(log: Pick<FastifyBaseLogger, 'warn'>): AuditListener {
  return (kind, accountId, detail, origin) => {
    if (!SECURITY_KINDS.has(kind)) return;
    logSecurityEvent(log, kind, { accountId, ip: origin?.address, ...detail });
  };
}
