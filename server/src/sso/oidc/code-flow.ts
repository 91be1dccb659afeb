/**
 * OpenID Connect's authorization code flow with PKCE, as the cobrands' sign-on (oidc-flow.ts) and the console's staff
 * sign-on both use it: the provider's authorization address, with the browser's state, nonce and verifier in its
 * sealed flow cookie; then the provider's answer, taken once, exchanged for the ID token and its claims (the one that
 * names the user asked of the UserInfo endpoint when the ID token does not carry it).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import type { FlowCookies } from '../flow-cookie.js';
import { openidClient, type OidcSettings, type Providers } from '../providers.js';
import type { SsoStore } from '../sso-store.js';
import { oidcRefusal, type Refusal } from './oidc-refusal.js';

export interface CodeFlowDeps {
  providers: Providers;
  flows: FlowCookies;
  store: SsoStore;
  clock: Clock;
}

/** The provider's answer, taken: the ID token and its claims. */
export interface Answered {
  idToken: string;
  claims: Record<string, unknown>;
}

export class CodeFlow {
  constructor(private readonly o: CodeFlowDeps) {}

  /**
   * The provider's authorization address for `who` (a cobrand, or the console); the browser's state, nonce and PKCE
   * verifier go in the flow cookie. `fresh`: the provider must ask for the password again (prompt=login).
   */
  async start(who: string, idp: OidcSettings, redirectUri: string, reply: FastifyReply, fresh: boolean) {
    const { providers, flows, clock } = this.o;
    const [oidc, config] = await Promise.all([openidClient(), providers.oidc(who, idp)]);
    const [verifier, state, nonce] = [oidc.randomPKCECodeVerifier(), oidc.randomState(), oidc.randomNonce()];
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: idp.scopes,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...(fresh ? { prompt: 'login' } : {}),
    });
    flows.start(reply, { cobrand: who, state, nonce, verifier }, clock());
    return url.href;
  }

  /**
   * The provider's answer at `origin` + the request's address, for the flow this browser started for `who` (its cookie
   * goes whatever the outcome); each state is taken once. `idp` null: `who` has no provider (any more).
   */
  async answer(
    who: string,
    idp: OidcSettings | null,
    origin: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Answered | Refusal> {
    const now = this.o.clock();
    const flow = this.o.flows.take(request, reply, who, now);
    if (!idp || !flow?.nonce || !flow.verifier)
      return { reason: 'no sign-on in progress in this browser', received: {} };
    if (!(await this.o.store.once(`oidc-state:${flow.state}`, who, flow.expiresAt, now)))
      return { reason: 'state used before', received: {} };
    const oidc = await openidClient();
    try {
      const config = await this.o.providers.oidc(who, idp);
      const tokens = await oidc.authorizationCodeGrant(config, new URL(request.url, origin), {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims: Record<string, unknown> = tokens.claims() ?? {};
      if (claims[idp.userClaim] !== undefined || !tokens.access_token || !config.serverMetadata().userinfo_endpoint)
        return { idToken: tokens.id_token ?? '', claims };
      // A provider may keep the claim for its UserInfo endpoint (LemonLDAP::NG does unless told otherwise); the
      // ID token's own claims win over what it says there.
      const info = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub));
      return { idToken: tokens.id_token ?? '', claims: { ...info, ...claims } };
    } catch (error) {
      return oidcRefusal(oidc, error);
    }
  }
}

export const refusedAnswer = (answer: Answered | Refusal): answer is Refusal => 'reason' in answer;
