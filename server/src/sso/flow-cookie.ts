/**
 * A sign-on in progress, bound to the browser that started it: a sealed cookie (AES-GCM under a key derived from
 * PORTAL_SECRET) holding the cobrand, the OIDC state, nonce and PKCE verifier or the SAML RelayState and request ID,
 * and a deadline.
 * It travels only to the portal's SSO addresses and goes at the callback, whatever the outcome.
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import { SSO_USER_COOKIE } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { openSealed, seal } from '../security/sealed-box.js';

export const FLOW_COOKIE = 'sso_flow';
/** What a federated session needs at logout (the ID token, or the SAML name ID and session index). */
export const LOGOUT_COOKIE = 'sso_logout';
const FLOW_MS = 10 * 60_000;

export interface Flow {
  cobrand: string;
  /** OIDC: state, nonce, PKCE verifier. SAML: the RelayState. */
  state: string;
  nonce?: string;
  verifier?: string;
  /** SAML: the ID of the AuthnRequest, which the answer must name (InResponseTo). */
  requestId?: string;
  expiresAt: number;
}

export class FlowCookies {
  constructor(
    private readonly key: Buffer,
    private readonly secure: boolean,
  ) {}

  /**
   * The SAML answer comes back as a cross-site POST, which a SameSite=Lax cookie would not go with: over https the
   * flow cookie is SameSite=None (it is sealed and single-use); on a plain-http local run, Lax.
   */
  private options(maxAgeSeconds?: number): CookieSerializeOptions {
    return {
      path: '/sdportal/sso/',
      httpOnly: true,
      secure: this.secure,
      sameSite: this.secure ? 'none' : 'lax',
      ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
    };
  }

  start(reply: FastifyReply, flow: Omit<Flow, 'expiresAt'>, now: number): void {
    const sealed = seal(this.key, JSON.stringify({ ...flow, expiresAt: now + FLOW_MS }));
    reply.setCookie(FLOW_COOKIE, sealed, this.options(FLOW_MS / 1000));
  }

  /** The flow this browser started for `cobrand`, if it is live; the cookie is cleared either way. */
  take(request: FastifyRequest, reply: FastifyReply, cobrand: string, now: number): Flow | null {
    reply.clearCookie(FLOW_COOKIE, this.options());
    const flow = this.open<Flow>(request.cookies[FLOW_COOKIE]);
    return flow && flow.cobrand === cobrand && flow.expiresAt > now ? flow : null;
  }

  /**
   * A session opened by single sign-on: §3's SSO user cookie for the logout screen, and what a federated logout will
   * need, kept as long as the session could last.
   */
  signedIn(reply: FastifyReply, logout: Record<string, string>, maxAgeSeconds: number): void {
    reply.setCookie(SSO_USER_COOKIE, '1', { path: '/', httpOnly: true, sameSite: 'lax', secure: this.secure });
    reply.setCookie(LOGOUT_COOKIE, seal(this.key, JSON.stringify(logout)), this.options(maxAgeSeconds));
  }

  /** At federated logout: both cookies go; answers what the logout needs, if it was kept. */
  takeLogout(request: FastifyRequest, reply: FastifyReply): Record<string, string> | null {
    reply.clearCookie(SSO_USER_COOKIE, { path: '/' });
    reply.clearCookie(LOGOUT_COOKIE, this.options());
    return this.open(request.cookies[LOGOUT_COOKIE]);
  }

  private open<T>(value: string | undefined): T | null {
    if (!value || value.length > 8192) return null;
    try {
      return JSON.parse(openSealed(this.key, value)) as T;
    } catch {
      return null;
    }
  }
}
