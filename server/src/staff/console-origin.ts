/** Who makes a console call and from where, and the console session a sign-in opens in the browser. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Origin, USER_AGENT_MAX } from '../db/audit-log.js';
import type { SessionCookies } from '../http/session-cookies.js';
import { actorOf, type ConsoleSessions } from './console-sessions.js';

/** Who made a call and from where, for the audit trail: the operator signed in (if any) and the client's address. */
export function consoleOrigin(request: FastifyRequest): Origin {
  const agent = request.headers['user-agent'];
  const operator = request.consoleOperator;
  return {
    address: request.ip,
    ...(operator ? { actor: actorOf(operator.name) } : {}),
    ...(agent ? { userAgent: agent.slice(0, USER_AGENT_MAX) } : {}),
  };
}

/** The admin listener's audit of every call names the console's operator as it names an API key (admin-server.ts). */
export const consoleActor = (request: FastifyRequest): string | undefined =>
  request.consoleOperator ? actorOf(request.consoleOperator.name) : undefined;

/**
 * A sign-in passed: the session it opened goes in the browser's cookie, and the browser's earlier one (another
 * operator's, at a shared desk) ends: one browser, one operator.
 */
export async function replaceSession(
  request: FastifyRequest,
  reply: FastifyReply,
  { sessions, cookies }: { sessions: ConsoleSessions; cookies: SessionCookies },
  raw: string,
): Promise<void> {
  const earlier = cookies.sessionId(request);
  if (earlier) await sessions.signOut(earlier, consoleOrigin(request));
  cookies.open(reply, raw);
}
