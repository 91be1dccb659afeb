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
import { oidcRefusal } from './oidc-refusal.js';

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
  constructor(private readonly o: OidcFlowOptions) {}

  /**
   * The provider's authorization address; the browser's state, nonce and PKCE verifier go in the flow cookie.
   * `fresh`: the provider must ask for the password again, whatever session it holds (prompt=login).
   */
  async start(name: string, idp: OidcSettings, reply: FastifyReply, fresh = false): Promise<string> {
    const { providers, flows, clock } = this.o;
    const [oidc, config] = await Promise.all([openidClient(), providers.oidc(name, idp)]);
    const [verifier, state, nonce] = [oidc.randomPKCECodeVerifier(), oidc.randomState(), oidc.randomNonce()];
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: providers.callbackUrl(name),
      scope: idp.scopes,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...(fresh ? { prompt: 'login' } : {}),
    });
    flows.start(reply, { cobrand: name, state, nonce, verifier }, clock());
    return url.href;
  }

  async answer(
    found: { record: CobrandRecord; idp: OidcSettings } | null,
    name: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const { replies } = this.o;
    const now = this.o.clock();
    const flow = this.o.flows.take(request, reply, name, now);
    if (!found || !flow?.nonce || !flow.verifier)
      return replies.refuse(reply, name, 'no sign-on in progress in this browser');
    if (!(await this.o.store.once(`oidc-state:${flow.state}`, name, flow.expiresAt, now)))
      return replies.refuse(reply, name, 'state used before');
    const { record, idp } = found;
    const oidc = await openidClient();
    let idToken: string | undefined;
    let claims: Record<string, unknown>;
    try {
      const config = await this.o.providers.oidc(name, idp);
      const tokens = await oidc.authorizationCodeGrant(config, new URL(request.url, this.o.publicOrigin), {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      idToken = tokens.id_token;
      claims = tokens.claims() ?? {};
    } catch (error) {
      const { reason, received } = await oidcRefusal(oidc, error);
      return replies.refuse(reply, name, reason, received);
    }
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
    return replies.finish(request, reply, decision, { idToken: idToken ?? '' });
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
