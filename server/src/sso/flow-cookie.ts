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
/**
 * Set when a federated session ended in this browser (a logout) or a sign-on was refused: the provider's own session
 * may live on, so the next sign-on here asks the provider for a fresh login (OIDC prompt=login, SAML ForceAuthn)
 * rather than letting the next person at a shared computer in as the last one. A sign-on that opens a session clears
 * it. It outlasts the browser: a provider's "keep me signed in" session does too.
 */
export const FRESH_COOKIE = 'sso_fresh';
const FRESH_SECONDS = 90 * 24 * 60 * 60;
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

/** Where a flow's cookie travels, and its name: the cobrands' sign-on's by default. */
export interface FlowPlace {
  path: string;
  name: string;
}

export class FlowCookies {
  constructor(
    private readonly key: Buffer,
    private readonly secure: boolean,
    private readonly place: FlowPlace = { path: '/sdportal/sso/', name: FLOW_COOKIE },
  ) {}

  /**
   * The SAML answer comes back as a cross-site POST, which a SameSite=Lax cookie would not go with: over https the
   * flow cookie is SameSite=None (it is sealed and single-use); on a plain-http local run, Lax.
   */
  private options(maxAgeSeconds?: number): CookieSerializeOptions {
    return {
      path: this.place.path,
      httpOnly: true,
      secure: this.secure,
      sameSite: this.secure ? 'none' : 'lax',
      ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
    };
  }

  start(reply: FastifyReply, flow: Omit<Flow, 'expiresAt'>, now: number): void {
    const sealed = seal(this.key, JSON.stringify({ ...flow, expiresAt: now + FLOW_MS }));
    reply.setCookie(this.place.name, sealed, this.options(FLOW_MS / 1000));
  }

  /** The flow this browser started for `cobrand`, if it is live; the cookie is cleared either way. */
  take(request: FastifyRequest, reply: FastifyReply, cobrand: string, now: number): Flow | null {
    reply.clearCookie(this.place.name, this.options());
    const flow = this.open<Flow>(request.cookies[this.place.name]);
    return flow && flow.cobrand === cobrand && flow.expiresAt > now ? flow : null;
  }

  /**
   * A session opened by single sign-on: §3's SSO user cookie for the logout screen, and what a federated logout will
   * need, kept as long as the session could last.
   */
  signedIn(reply: FastifyReply, logout: Record<string, string>, maxAgeSeconds: number): void {
    reply.setCookie(SSO_USER_COOKIE, '1', { path: '/', httpOnly: true, sameSite: 'lax', secure: this.secure });
    reply.setCookie(LOGOUT_COOKIE, seal(this.key, JSON.stringify(logout)), this.options(maxAgeSeconds));
    reply.clearCookie(FRESH_COOKIE, this.options());
  }

  /** The next sign-on in this browser must ask the provider for a fresh login (FRESH_COOKIE). */
  askFresh(reply: FastifyReply): void {
    reply.setCookie(FRESH_COOKIE, '1', this.options(FRESH_SECONDS));
  }

  wantsFresh(request: FastifyRequest): boolean {
    return request.cookies[FRESH_COOKIE] === '1';
  }

  /**
   * The portal's own logout: when the session ending (or, if it had already ended, the browser) came through single
   * sign-on, the provider's session is not trusted for the next sign-on here.
   */
  readonly afterLogout = (request: FastifyRequest, reply: FastifyReply, endedSso: boolean | null): void => {
    if (endedSso ?? request.cookies[SSO_USER_COOKIE] === '1') this.askFresh(reply);
  };

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
