/**
 * Single sign-on per cobrand (ARCHITECTURE §9b): the start address a cobrand's fssoRedirectUrl names, the callback
 * the provider answers at (OIDC by GET, SAML by POST), and the logout address its fssoLogoutUrl names.
 */
import { randomBytes } from 'node:crypto';
import { LOCALE_COOKIE, Paths, PathPatterns } from '@portal/contract';
import { CobrandParamsSchema, NoBody } from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Clock } from '../clock.js';
import type { CobrandDirectory } from '../cobrand/index.js';
import type { SessionCookies } from '../http/session-cookies.js';
import { originOf } from '../http/origin.js';
import type { SessionManager } from '../session/index.js';
import type { FlowCookies } from './flow-cookie.js';
import { openidClient, type Providers, SAML_REQUEST_MS } from './providers.js';
import { invalidLogin, type SsoDecision, type SsoService } from './sso-service.js';
import { FORM } from '../http/content-type.js';
import type { SsoStore } from './sso-store.js';

export interface SsoRoutesOptions {
  cobrands: CobrandDirectory;
  sessions: SessionManager;
  cookies: SessionCookies;
  flows: FlowCookies;
  providers: Providers;
  service: SsoService;
  store: SsoStore;
  clock: Clock;
  publicOrigin: string;
  /** How long the logout details of a federated session are kept: the session's own absolute lifetime. */
  sessionAbsoluteSeconds: number;
}

const SamlAnswerSchema = Type.Object({
  SAMLResponse: Type.String({ minLength: 1, maxLength: 200_000 }),
  RelayState: Type.String({ maxLength: 200 }),
});

export const ssoRoutes: FastifyPluginAsyncTypebox<SsoRoutesOptions> = async (app, options) => {
  const sso = new SsoHandlers(options);
  const params = { params: CobrandParamsSchema, response: { 303: NoBody('To the provider, the platform or sign-in') } };
  const start = { ...params, operationId: 'ssoStart', summary: "Start single sign-on at the cobrand's provider" };
  app.get(PathPatterns.ssoStart, { schema: start }, (request, reply) => sso.start(request.params.name, reply));
  const oidc = { ...params, operationId: 'ssoOidcCallback', summary: "The OpenID Connect provider's answer" };
  app.get(PathPatterns.ssoCallback, { schema: oidc }, (request, reply) =>
    sso.oidcAnswer(request.params.name, request, reply),
  );
  // The HTTP-POST binding: the provider's page posts a form.
  const saml = { ...params, operationId: 'ssoSamlCallback', summary: "The SAML provider's answer (a posted form)" };
  app.post(
    PathPatterns.ssoCallback,
    { schema: { ...saml, consumes: [FORM], body: SamlAnswerSchema }, bodyLimit: 256 * 1024 },
    (request, reply) => sso.samlAnswer(request.params.name, request.body, request, reply),
  );
  const logout = { ...params, operationId: 'ssoLogout', summary: "End the session at the cobrand's provider too" };
  app.get(PathPatterns.ssoLogout, { schema: logout }, (request, reply) =>
    sso.logout(request.params.name, request, reply),
  );
};

class SsoHandlers {
  constructor(private readonly o: SsoRoutesOptions) {}

  /** The cobrand named in the address with its provider, or null: an unknown name resolves to another cobrand. */
  private async providerOf(name: string) {
    const { record } = await this.o.cobrands.resolve(name);
    return record.cobrand.name === name && record.identityProvider ? { record, idp: record.identityProvider } : null;
  }

  private async refuse(reply: FastifyReply, cobrand: string, reason: string) {
    reply.log.warn({ cobrand, reason }, 'single sign-on refused');
    const decision = await this.o.service.refuse(cobrand, reason, originOf(reply.request));
    return reply.redirect(decision.location, 303);
  }

  private async finish(
    request: FastifyRequest,
    reply: FastifyReply,
    decision: SsoDecision,
    logout: Record<string, string>,
  ) {
    const { sessions, cookies, flows } = this.o;
    if (decision.open) {
      const { rawId } = await sessions.open(decision.open, cookies.sessionId(request));
      cookies.open(reply, rawId);
      flows.signedIn(reply, logout, this.o.sessionAbsoluteSeconds);
    }
    return reply.redirect(decision.location, 303);
  }

  async start(name: string, reply: FastifyReply) {
    const found = await this.providerOf(name);
    if (!found) return reply.redirect(invalidLogin(name), 303);
    const { providers, flows, clock } = this.o;
    const { idp } = found;
    try {
      if (idp.protocol === 'saml') {
        const relayState = randomBytes(24).toString('base64url');
        const url = await providers.saml(name, idp).getAuthorizeUrlAsync(relayState, undefined, {});
        flows.start(reply, { cobrand: name, state: relayState }, clock());
        return reply.redirect(url, 303);
      }
      const [oidc, config] = await Promise.all([openidClient(), providers.oidc(name, idp)]);
      const [verifier, state, nonce] = [oidc.randomPKCECodeVerifier(), oidc.randomState(), oidc.randomNonce()];
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: providers.callbackUrl(name),
        scope: idp.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      flows.start(reply, { cobrand: name, state, nonce, verifier }, clock());
      return reply.redirect(url.href, 303);
    } catch (error) {
      return this.refuse(reply, name, `provider not reachable or not set up: ${(error as Error).message}`);
    }
  }

  async oidcAnswer(name: string, request: FastifyRequest, reply: FastifyReply) {
    const now = this.o.clock();
    const flow = this.o.flows.take(request, reply, name, now);
    const found = await this.providerOf(name);
    if (!found || found.idp.protocol !== 'oidc' || !flow?.nonce || !flow.verifier)
      return this.refuse(reply, name, 'no sign-on in progress in this browser');
    if (!(await this.o.store.once(`oidc-state:${flow.state}`, name, flow.expiresAt, now)))
      return this.refuse(reply, name, 'state used before');
    const { record, idp } = found;
    let idToken: string | undefined;
    let subject: unknown;
    try {
      const [oidc, config] = await Promise.all([openidClient(), this.o.providers.oidc(name, idp)]);
      const tokens = await oidc.authorizationCodeGrant(config, new URL(request.url, this.o.publicOrigin), {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      idToken = tokens.id_token;
      subject = tokens.claims()?.[idp.userClaim];
    } catch (error) {
      return this.refuse(reply, name, `answer refused: ${(error as Error).message}`);
    }
    if (typeof subject !== 'string' || !subject) return this.refuse(reply, name, `no ${idp.userClaim} claim`);
    const decision = await this.o.service.signIn(record, subject, request.cookies[LOCALE_COOKIE], originOf(request));
    return this.finish(request, reply, decision, { idToken: idToken ?? '' });
  }

  async samlAnswer(
    name: string,
    body: { SAMLResponse: string; RelayState: string },
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const now = this.o.clock();
    const flow = this.o.flows.take(request, reply, name, now);
    const found = await this.providerOf(name);
    if (!found || found.idp.protocol !== 'saml' || !flow || flow.state !== body.RelayState)
      return this.refuse(reply, name, 'no sign-on in progress in this browser, or another RelayState');
    const { record, idp } = found;
    let profile;
    try {
      const saml = this.o.providers.saml(name, idp);
      ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: body.SAMLResponse }));
    } catch (error) {
      return this.refuse(reply, name, `answer refused: ${(error as Error).message}`);
    }
    const assertionId = /<(?:\w+:)?Assertion\b[^>]*\sID="([^"]+)"/.exec(profile?.getAssertionXml?.() ?? '')?.[1];
    if (!profile || !assertionId) return this.refuse(reply, name, 'no assertion');
    // node-saml checks the issuer of logout messages only; an assertion must come from the provider named too.
    if (profile.issuer !== idp.idpEntityId) return this.refuse(reply, name, `issuer ${profile.issuer}`);
    if (!(await this.o.store.once(`saml-assertion:${assertionId}`, name, now + SAML_REQUEST_MS, now)))
      return this.refuse(reply, name, 'assertion used before');
    const subject = idp.userAttribute === 'nameID' ? profile.nameID : profile[idp.userAttribute];
    if (typeof subject !== 'string' || !subject) return this.refuse(reply, name, `no ${idp.userAttribute}`);
    const decision = await this.o.service.signIn(record, subject, request.cookies[LOCALE_COOKIE], originOf(request));
    const { nameID, nameIDFormat, sessionIndex = '' } = profile;
    return this.finish(request, reply, decision, { nameID, nameIDFormat, sessionIndex });
  }

  /** The cobrand's fssoLogoutUrl: the provider's session ends too, then the provider sends the user to sign-in. */
  async logout(name: string, request: FastifyRequest, reply: FastifyReply) {
    const kept = this.o.flows.takeLogout(request, reply);
    const back = `${this.o.publicOrigin}${Paths.logoutReturn}?cobrandHost=${encodeURIComponent(name)}`;
    const found = await this.providerOf(name);
    try {
      if (found?.idp.protocol === 'oidc') {
        const [oidc, config] = await Promise.all([openidClient(), this.o.providers.oidc(name, found.idp)]);
        const hint: Record<string, string> = kept?.idToken
          ? { id_token_hint: kept.idToken }
          : { client_id: found.idp.clientId };
        return reply.redirect(oidc.buildEndSessionUrl(config, { ...hint, post_logout_redirect_uri: back }).href, 303);
      }
      if (found?.idp.protocol === 'saml' && found.idp.sloUrl && kept?.nameID) {
        const user = { issuer: found.idp.idpEntityId, nameID: kept.nameID, nameIDFormat: kept.nameIDFormat ?? '' };
        const saml = this.o.providers.saml(name, found.idp);
        return reply.redirect(await saml.getLogoutUrlAsync({ ...user, sessionIndex: kept.sessionIndex }, '', {}), 303);
      }
    } catch (error) {
      reply.log.warn({ cobrand: name, reason: (error as Error).message }, 'federated logout not possible');
    }
    return reply.redirect(back, 303);
  }
}
