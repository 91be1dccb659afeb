/** OpenID Connect sign-on: the authorization request, the provider's answer (by GET), and the end-session address. */
import { LOCALE_COOKIE } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { originOf } from '../../http/origin.js';
import type { FlowCookies } from '../flow-cookie.js';
import { openidClient, type OidcSettings, type Providers } from '../providers.js';
import type { SsoReplies } from '../replies.js';
import type { SsoService } from '../sso-service.js';
import type { SsoStore } from '../sso-store.js';
import type { CobrandRecord } from '../../cobrand/index.js';
import { CodeFlow, refusedAnswer } from './code-flow.js';

export interface OidcFlowOptions {
  flows: FlowCookies;
  providers: Providers;
  service: SsoService;
  store: SsoStore;
  clock: Clock;
  publicOrigin: string;
  replies: SsoReplies;
  /** How long a federated session could last: its provider session is remembered that long, for back-channel logout. */
  sessionAbsoluteSeconds: number;
}

export class OidcFlow {
  private readonly flow: CodeFlow;

  constructor(private readonly o: OidcFlowOptions) {
    this.flow = new CodeFlow(o);
  }

  /**
   * The provider's authorization address; the browser's state, nonce and PKCE verifier go in the flow cookie.
   * `fresh`: the provider must ask for the password again, whatever session it holds (prompt=login).
   */
  start(name: string, idp: OidcSettings, reply: FastifyReply, fresh = false): Promise<string> {
    return this.flow.start(name, idp, this.o.providers.callbackUrl(name), reply, fresh);
  }

  async answer(
    found: { record: CobrandRecord; idp: OidcSettings } | null,
    name: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const { replies } = this.o;
    const answered = await this.flow.answer(name, found?.idp ?? null, this.o.publicOrigin, request, reply);
    if (refusedAnswer(answered)) return replies.refuse(reply, name, answered.reason, answered.received);
    const { record, idp } = found!;
    const { claims, idToken } = answered;
    const subject = claims[idp.userClaim];
    if (typeof subject !== 'string' || !subject)
      // The names of the claims it did send (not their values) show which one the record should name.
      return replies.refuse(reply, name, `no ${idp.userClaim} claim`, { claims: Object.keys(claims).join(' ') });
    const about = { claim: idp.userClaim, issuer: String(claims.iss) };
    const decision = await this.o.service.signIn(
      record,
      subject,
      request.cookies[LOCALE_COOKIE],
      originOf(request),
      about,
    );
    if (decision.open) await this.remember(name, claims, decision.open.accountId);
    return replies.finish(request, reply, decision, { idToken });
  }

  /** The provider session behind this sign-on, for the provider's back-channel logout. */
  private async remember(cobrand: string, claims: Record<string, unknown>, accountId: string) {
    if (typeof claims.sub !== 'string') return;
    const sid = typeof claims.sid === 'string' ? claims.sid : null;
    const expiresAt = this.o.clock() + this.o.sessionAbsoluteSeconds * 1000;
    await this.o.store.providerSessions.record({ cobrand, subject: claims.sub, sid, accountId }, expiresAt);
  }

  /**
   * The provider's end-session address, with the ID token as the hint where it was kept. The `state` carries nothing
   * (the sign-in page it returns to reads none), but some providers (Glewlwyd) send the user back only with one.
   */
  async logoutUrl(name: string, idp: OidcSettings, kept: Record<string, string> | null, back: string) {
    const [oidc, config] = await Promise.all([openidClient(), this.o.providers.oidc(name, idp)]);
    const hint: Record<string, string> = kept?.idToken ? { id_token_hint: kept.idToken } : { client_id: idp.clientId };
    const state = oidc.randomState();
    return oidc.buildEndSessionUrl(config, { ...hint, post_logout_redirect_uri: back, state }).href;
  }
}
