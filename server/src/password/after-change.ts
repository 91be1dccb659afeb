/** What a changed password does to the sessions, whether the script's call or the form without it changed it. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionCookies } from '../http/session-cookies.js';
import type { SessionManager, SessionRow } from '../session/index.js';

/**
 * A must-change session has done its one job; a signed-in user changing from their profile stays signed in, under a
 * new session ID and anti-forgery token (a change of credentials is a step up, as a sign-in is). Every other session
 * of the account ends.
 */
export async function afterChange(
  { sessions, cookies }: { sessions: SessionManager; cookies: SessionCookies },
  request: FastifyRequest,
  reply: FastifyReply,
  session: SessionRow,
): Promise<void> {
  if (session.kind === 'change_password') await cookies.end(request, reply, (rawId) => sessions.end(rawId));
  await sessions.endOthersFor(session);
  const rotated = session.kind === 'full' ? await sessions.rotate(session) : null;
  if (rotated) cookies.open(reply, rotated);
}
