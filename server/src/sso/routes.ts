/**
 * Single sign-on per cobrand (ARCHITECTURE §9b): the start address a cobrand's fssoRedirectUrl names, the callback
 * the provider answers at (OIDC by GET, SAML by POST), and the logout address its fssoLogoutUrl names.
 */
import { LOGOUT_CONFIRM_PARAM, Paths, PathPatterns, routePath } from '@portal/contract';
import { CobrandParamsSchema, NoBody } from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Clock } from '../clock.js';
import type { CobrandDirectory } from '../cobrand/index.js';
import type { SessionCookies } from '../http/session-cookies.js';
import type { SessionManager } from '../session/index.js';
import type { FlowCookies } from './flow-cookie.js';
import type { Providers } from './providers.js';
import { invalidLogin, type SsoService } from './sso-service.js';
import { FORM } from '../http/content-type.js';
import { originOf } from '../http/origin.js';
import { cameFromPortal } from '../security/fetch-metadata.js';
import type { SsoStore } from './sso-store.js';
import { SsoReplies } from './replies.js';
import { OidcFlow } from './oidc/oidc-flow.js';
import { SamlFlow, type SamlAnswer } from './saml/saml-flow.js';

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
  app.get(PathPatterns.ssoStart, { schema: start }, (request, reply) =>
    sso.start(request.params.name, reply, sso.wantsFresh(request)),
  );
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
  private readonly replies: SsoReplies;
  private readonly oidc: OidcFlow;
  private readonly saml: SamlFlow;

  constructor(private readonly o: SsoRoutesOptions) {
    this.replies = new SsoReplies(o);
    this.oidc = new OidcFlow({ ...o, replies: this.replies });
    this.saml = new SamlFlow({ ...o, replies: this.replies });
  }

  /** The cobrand named in the address with its provider, or null: an unknown name resolves to another cobrand. */
  private async providerOf(name: string) {
    const { record } = await this.o.cobrands.resolve(name);
    return record.cobrand.name === name && record.identityProvider ? { record, idp: record.identityProvider } : null;
  }

  /** After a logout or a refusal in this browser, the provider is asked for a fresh login (flow-cookie.ts). */
  wantsFresh(request: FastifyRequest): boolean {
    return this.o.flows.wantsFresh(request);
  }

  async start(name: string, reply: FastifyReply, fresh: boolean) {
    const found = await this.providerOf(name);
    if (!found) return reply.redirect(invalidLogin(name), 303);
    const { idp } = found;
    try {
      const url =
        idp.protocol === 'saml'
          ? await this.saml.start(name, idp, reply, fresh)
          : await this.oidc.start(name, idp, reply, fresh);
      return reply.redirect(url, 303);
    } catch (error) {
      return this.replies.refuse(reply, name, `provider not reachable or not set up: ${(error as Error).message}`);
    }
  }

  async oidcAnswer(name: string, request: FastifyRequest, reply: FastifyReply) {
    const found = await this.providerOf(name);
    const oidc = found?.idp.protocol === 'oidc' ? { record: found.record, idp: found.idp } : null;
    return this.oidc.answer(oidc, name, request, reply);
  }

  async samlAnswer(name: string, body: SamlAnswer, request: FastifyRequest, reply: FastifyReply) {
    const found = await this.providerOf(name);
    const saml = found?.idp.protocol === 'saml' ? { record: found.record, idp: found.idp } : null;
    return this.saml.answer(saml, name, body, request, reply);
  }

  /**
   * The cobrand's fssoLogoutUrl: the portal's session ends, then the provider's, which sends the user to sign-in. It
   * follows the portal's own logout rule: a link on another site ends nothing, the logout screen asks the user first.
   */
  async logout(name: string, request: FastifyRequest, reply: FastifyReply) {
    if (!cameFromPortal(request.headers)) {
      const query = new URLSearchParams({ cobrandHost: name, [LOGOUT_CONFIRM_PARAM]: '1' });
      return reply.redirect(`${routePath('logout-component')}?${query}`, 303);
    }
    const ended = await this.o.cookies.end(request, reply, (rawId) => this.o.sessions.end(rawId));
    if (ended) await this.o.service.loggedOut(ended.account_id, originOf(request));
    const kept = this.o.flows.takeLogout(request, reply);
    // Should the provider not end its session (an error, or the user says no there), the next sign-on still asks.
    this.o.flows.askFresh(reply);
    const back = `${this.o.publicOrigin}${Paths.logoutReturn}?cobrandHost=${encodeURIComponent(name)}`;
    const found = await this.providerOf(name);
    try {
      const url =
        found?.idp.protocol === 'oidc'
          ? await this.oidc.logoutUrl(name, found.idp, kept, back)
          : found?.idp.protocol === 'saml'
            ? await this.saml.logoutUrl(name, found.idp, kept)
            : null;
      if (url) return reply.redirect(url, 303);
    } catch (error) {
      reply.log.warn({ cobrand: name, reason: (error as Error).message }, 'federated logout not possible');
    }
    return reply.redirect(back, 303);
  }
}
