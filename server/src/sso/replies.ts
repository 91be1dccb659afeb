/**
 * How every single sign-on answer ends: a refusal (the cause logged with what was received, the audit row written, the
 * user sent to the spec's invalid login), or a decision carried out (a session opened and the browser redirected).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { originOf } from '../http/origin.js';
import type { SessionCookies } from '../http/session-cookies.js';
import type { SessionManager, StartSession } from '../session/index.js';
import type { FlowCookies } from './flow-cookie.js';
import type { Received, SsoDecision, SsoService } from './sso-service.js';

/**
 * Where a sign-on that opens `open` goes instead of its destination: the sign-in service's own decision (the passkey
 * offer), wired in app.ts, so that single sign-on leads where every other way in does.
 */
export type SsoOnward = (
  open: StartSession,
  location: string,
  cookies: Readonly<Record<string, string | undefined>>,
) => Promise<string>;

export class SsoReplies {
  constructor(
    private readonly o: {
      sessions: SessionManager;
      cookies: SessionCookies;
      flows: FlowCookies;
      service: SsoService;
      /** How long the logout details of a federated session are kept: the session's own absolute lifetime. */
      sessionAbsoluteSeconds: number;
      onward: SsoOnward;
    },
  ) {}

  /** `received`: what the provider sent that explains the refusal (issuer, subject, its error); never a secret. */
  async refuse(reply: FastifyReply, cobrand: string, reason: string, received: Received = {}) {
    const decision = await this.o.service.refuse(cobrand, reason, originOf(reply.request), null, received);
    return this.finish(reply.request, reply, decision, {});
  }

  async finish(request: FastifyRequest, reply: FastifyReply, decision: SsoDecision, logout: Record<string, string>) {
    const { sessions, cookies, flows } = this.o;
    if (decision.refused) reply.log.warn(decision.refused, 'single sign-on refused');
    if (!decision.open) {
      flows.askFresh(reply);
      return reply.redirect(decision.location, 303);
    }
    const { rawId } = await sessions.open(decision.open, cookies.sessionId(request), originOf(request));
    cookies.open(reply, rawId);
    flows.signedIn(reply, logout, this.o.sessionAbsoluteSeconds);
    return reply.redirect(await this.o.onward(decision.open, decision.location, request.cookies), 303);
  }
}
