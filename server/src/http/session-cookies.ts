/**
 * The session as the browser holds it: the session cookie and the anti-forgery token bound to it. Cookie names and
 * attributes: `__Host-` and Secure whenever the portal is served over https (ARCHITECTURE §5). The session itself
 * (rows, deadlines) is the session capability's; this only reads and writes the cookies.
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import { CSRF_COOKIE } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { issueCsrfToken, sessionBinding } from '../security/csrf.js';

export interface CookiePolicy {
  sessionCookie: string;
  /** The anti-forgery token's cookie: `sec-token` on the public listener; the console has its own (staff/). */
  csrfCookie: string;
  session: CookieSerializeOptions;
  csrf: CookieSerializeOptions;
}

export function cookiePolicy(secure: boolean): CookiePolicy {
  return {
    sessionCookie: secure ? '__Host-portal-session' : 'portal-session',
    csrfCookie: CSRF_COOKIE,
    session: { path: '/', httpOnly: true, sameSite: 'lax', secure },
    // Read by the page's script to echo in the X-XSRF-TOKEN header, so not HttpOnly.
    csrf: { path: '/', httpOnly: false, sameSite: 'strict', secure },
  };
}

/** The token each request's browser holds once answered: the one it sent, or the last one issued to replace it. */
const heldTokens = new WeakMap<FastifyRequest, string>();

export const holdToken = (request: FastifyRequest, token: string): void => void heldTokens.set(request, token);

/** The token a page writes into its form (issue 33): the `sec-token` cookie the browser holds after this answer. */
export const formToken = (request: FastifyRequest): string => heldTokens.get(request) ?? '';

export class SessionCookies {
  constructor(
    private readonly policy: CookiePolicy,
    private readonly csrfKey: Buffer,
  ) {}

  /** The name of the anti-forgery token's cookie. */
  get csrfCookie(): string {
    return this.policy.csrfCookie;
  }

  /** The raw session ID the browser sent, if it has the shape of one. */
  sessionId(request: FastifyRequest): string | undefined {
    const value = request.cookies[this.policy.sessionCookie];
    return value && value.length <= 64 ? value : undefined;
  }

  /** A new session's cookie, with an anti-forgery token bound to it. */
  open(reply: FastifyReply, rawSessionId: string): void {
    reply.setCookie(this.policy.sessionCookie, rawSessionId, this.policy.session);
    this.issueCsrf(reply, rawSessionId);
  }

  /** No session cookie any more, and a token bound to no session. */
  close(reply: FastifyReply): void {
    reply.clearCookie(this.policy.sessionCookie, this.policy.session);
    this.issueCsrf(reply, undefined);
  }

  /** Ends the browser's session through `end` and leaves it no session cookie; answers what `end` answered. */
  async end<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    end: (rawSessionId: string) => Promise<T>,
  ): Promise<T | null> {
    const rawSessionId = this.sessionId(request);
    if (!rawSessionId) return null;
    const ended = await end(rawSessionId);
    this.close(reply);
    return ended;
  }

  issueCsrf(reply: FastifyReply, rawSessionId: string | undefined): void {
    const token = issueCsrfToken(this.csrfKey, sessionBinding(rawSessionId));
    reply.setCookie(this.policy.csrfCookie, token, this.policy.csrf);
    holdToken(reply.request, token);
  }
}
