/**
 * Single sign-on per cobrand (ARCHITECTURE §9b): the start address a cobrand's fssoRedirectUrl names, the callback
 * the provider answers at (OIDC by GET, SAML by POST), and the logout address its fssoLogoutUrl names.
 */
import { LOGOUT_CONFIRM_PARAM, Paths, PathPatterns, routePath } from '@portal/contract';
import { SIGN_IN_RETURN_COOKIE } from '@portal/contract/security';
import { CobrandParamsSchema, NoBody } from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Clock } from '../clock.js';
import type { CobrandDirectory } from '../cobrand/index.js';
import type { SessionCookies } from '../http/session-cookies.js';
import type { SessionManager } from '../session/index.js';
import type { AuditLog } from '../db/audit-log.js';
import type { FlowCookies } from './flow-cookie.js';
import type { Providers } from './providers.js';
import { invalidLogin, type SsoService } from './sso-service.js';
import { FORM } from '../http/content-type.js';
import { originOf } from '../http/origin.js';
import { cameFromPortal } from '../security/fetch-metadata.js';
import type { SsoStore } from './sso-store.js';
import { SsoReplies, type SsoOnward } from './replies.js';
import { OidcFlow } from './oidc/oidc-flow.js';
import { SamlFlow, type SamlAnswer } from './saml/saml-flow.js';
import { BackChannelLogout } from './oidc/back-channel-logout.js';
import { FrontChannelLogout, type FrontChannelQuery } from './oidc/front-channel-logout.js';
import { SamlSingleLogout } from './saml/single-logout.js';
import type { LogoutMessage } from './saml/logout-message.js';
import { SingleLogoutSchema } from './saml/single-logout-schema.js';
import { IdpMetadata } from './saml/idp-metadata.js';
import { SAML_METADATA_TYPE, sendSpMetadata } from './saml/sp-metadata.js';
import { guard, PAGE_READ } from '../http/route-guard.js';

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
  audit: AuditLog;
  /** Where a full sign-on goes instead of its destination (the passkey offer), as every sign-in does. */
  onward: SsoOnward;
}

const LogoutTokenSchema = Type.Object({ logout_token: Type.Optional(Type.String({ maxLength: 20_000 })) });
const BACK_CHANNEL = {
  operationId: 'ssoBackChannelLogout',
  summary: "The OpenID provider's back-channel logout: ends the portal sessions of the provider session or subject",
  params: CobrandParamsSchema,
  consumes: [FORM],
  body: LogoutTokenSchema,
  response: {
    200: NoBody('Taken: the sessions it names have ended'),
    400: Type.Object(
      { error: Type.Literal('invalid_request'), error_description: Type.String() },
      { description: 'The logout token was refused (Back-Channel Logout 1.0 §2.8)' },
    ),
  },
};

const FRONT_CHANNEL = {
  operationId: 'ssoFrontChannelLogout',
  summary: "The OpenID provider's front-channel logout (an iframe of its page): ends the portal sessions of the sid",
  params: CobrandParamsSchema,
  querystring: Type.Object({
    iss: Type.Optional(Type.String({ maxLength: 500 })),
    sid: Type.Optional(Type.String({ maxLength: 255 })),
  }),
  response: {
    200: {
      description: 'Taken: the sessions it names have ended',
      content: { 'text/html': { schema: Type.String() } },
    },
    400: { description: 'Refused: not this provider, or no sid', content: { 'text/html': { schema: Type.String() } } },
  },
};

const SamlAnswerSchema = Type.Object({
  SAMLResponse: Type.String({ minLength: 1, maxLength: 200_000 }),
  RelayState: Type.Optional(Type.String({ maxLength: 200 })),
});

export const ssoRoutes: FastifyPluginAsyncTypebox<SsoRoutesOptions> = async (app, options) => {
  // The SAML providers' metadata is read at start and refreshed while these routes serve.
  const idpMetadata = new IdpMetadata(options.providers.env, app.log);
  app.addHook('onReady', async () => idpMetadata.start(options.cobrands));
  app.addHook('onClose', async () => idpMetadata.stop());
  const sso = new SsoHandlers({ ...options, idpMetadata });
  const params = { params: CobrandParamsSchema, response: { 303: NoBody('To the provider, the platform or sign-in') } };
  const start = { ...params, operationId: 'ssoStart', summary: "Start single sign-on at the cobrand's provider" };
  app.get(PathPatterns.ssoStart, { schema: start, config: FLOW_STEP }, (request, reply) =>
    sso.start(request.params.name, reply, sso.wantsFresh(request)),
  );
  const oidc = { ...params, operationId: 'ssoOidcCallback', summary: "The OpenID Connect provider's answer" };
  app.get(PathPatterns.ssoCallback, { schema: oidc, config: ANSWER }, (request, reply) =>
    sso.oidcAnswer(request.params.name, request, reply),
  );
  // The HTTP-POST binding: the provider's page posts a form. An answer the portal does not take goes (303) to the page
  // that starts the sign-on at the portal.
  const saml = {
    params: CobrandParamsSchema,
    operationId: 'ssoSamlCallback',
    summary: "The SAML provider's answer (a form)",
    response: params.response,
  };
  app.post(
    PathPatterns.ssoCallback,
    { schema: { ...saml, consumes: [FORM], body: SamlAnswerSchema }, bodyLimit: 256 * 1024, config: ANSWER },
    (request, reply) => sso.samlAnswer(request.params.name, request.body, request, reply),
  );
  const logout = { ...params, operationId: 'ssoLogout', summary: "End the session at the cobrand's provider too" };
  app.get(PathPatterns.ssoLogout, { schema: logout, config: OWN_LOGOUT }, (request, reply) =>
    sso.logout(request.params.name, request, reply),
  );
  app.post(PathPatterns.ssoBackChannelLogout, { schema: BACK_CHANNEL, config: SIGNED_LOGOUT }, (request, reply) =>
    sso.backChannelLogout(request.params.name, request.body.logout_token, request, reply),
  );
  app.get(PathPatterns.ssoFrontChannelLogout, { schema: FRONT_CHANNEL, config: FRONT_LOGOUT }, (request, reply) =>
    sso.frontChannelLogout(request.params.name, request.query, request, reply),
  );
  // SAML single logout: HTTP-Redirect (the signature covers the query as sent) and HTTP-POST.
  const slo = { ...params, response: { 303: NoBody('To the provider with its answer, or to sign-in') } };
  const sloGet = { ...slo, operationId: 'ssoSingleLogout', summary: 'SAML single logout (HTTP-Redirect)' };
  app.get(
    PathPatterns.ssoSingleLogout,
    { schema: { ...sloGet, querystring: SingleLogoutSchema }, config: SAML_LOGOUT },
    (request, reply) =>
      sso.singleLogout(request.params.name, request.query, request.url.split('?')[1] ?? '', request, reply),
  );
  const sloPost = { ...slo, operationId: 'ssoSingleLogoutPost', summary: 'SAML single logout (HTTP-POST)' };
  app.post(
    PathPatterns.ssoSingleLogout,
    {
      schema: { ...sloPost, consumes: [FORM], body: SingleLogoutSchema },
      bodyLimit: 256 * 1024,
      config: SAML_LOGOUT,
    },
    (request, reply) => sso.singleLogout(request.params.name, request.body, null, request, reply),
  );
  const metadata = {
    params: CobrandParamsSchema,
    operationId: 'ssoSamlMetadata',
    summary: "The portal's SAML service provider metadata for the cobrand; 404 for a cobrand without SAML",
    response: {
      200: { description: 'SAML 2.0 metadata', content: { [SAML_METADATA_TYPE]: { schema: Type.String() } } },
    },
  };
  app.get(PathPatterns.ssoMetadata, { schema: metadata, config: PAGE_READ }, (request, reply) =>
    sso.spMetadata(request.params.name, reply),
  );
};

/** The sign-on's steps, each bound to the sealed single-use cookie of the browser that started it (or signed). */
const SEALED = 'none: each step needs the sealed single-use cookie of a sign-on this browser started';
const FLOW_STEP = guard({
  throttle: SEALED,
  changes: true,
  csrf: 'none: a GET that only starts a sign-on, bound to this browser’s sealed cookie',
  audit: 'none: nothing is decided until the provider answers',
});
const ANSWER = guard({
  throttle: SEALED,
  changes: true,
  csrf: 'none: the provider’s page sends it; its state or RelayState is bound to the sealed cookie',
  // Signed in, on to the token step, or refused (sso-service.ts).
  audit: ['signin.success', 'sso.passed', 'signin.failure'],
});
const OWN_LOGOUT = guard({
  throttle: 'none: ends only the caller’s own session',
  changes: true,
  csrf: 'none: a GET, as the portal’s own logout (§7)',
  audit: 'sso.logout',
});
const SIGNED_LOGOUT = guard({
  throttle: 'none: the provider’s signature is checked before anything is looked up',
  changes: true,
  csrf: 'none: the provider sends it; its signature over the message is the check',
  audit: ['sso.logout', 'sso.logout.refused'],
});
/** SAML's: the sessions it ends are the subject's, each audited as a logout of the account (saml/single-logout.ts). */
const SAML_LOGOUT = guard({ ...SIGNED_LOGOUT.guard, audit: ['session.logout', 'sso.logout.refused'] });
const FRONT_LOGOUT = guard({
  throttle: 'none: ends only the session the provider names, in the caller’s own browser',
  changes: true,
  csrf: 'none: a GET in the provider’s frame; its issuer and session must match the browser’s',
  audit: ['sso.logout', 'sso.logout.refused'],
});

class SsoHandlers {
  private readonly replies: SsoReplies;
  private readonly oidc: OidcFlow;
  private readonly saml: SamlFlow;
  private readonly backChannel: BackChannelLogout;
  private readonly frontChannel: FrontChannelLogout;
  private readonly slo: SamlSingleLogout;

  constructor(private readonly o: SsoRoutesOptions & { idpMetadata: IdpMetadata }) {
    this.replies = new SsoReplies(o);
    this.oidc = new OidcFlow({ ...o, replies: this.replies });
    this.backChannel = new BackChannelLogout(o);
    this.frontChannel = new FrontChannelLogout(o);
    this.saml = new SamlFlow({ ...o, replies: this.replies });
    this.slo = new SamlSingleLogout(o);
  }

  /** The cobrand named in the address with its provider, or null: an unknown name resolves to another cobrand. */
  private async providerOf(name: string) {
    const { record } = await this.o.cobrands.resolve(name);
    return record.cobrand.name === name && record.identityProvider ? { record, idp: record.identityProvider } : null;
  }

  /**
   * After a logout or a refusal in this browser, the provider is asked for a fresh login (flow-cookie.ts); so too when
   * the user signs in again for a change to how they sign in (the security page's SIGN_IN_RETURN_COOKIE): a session
   * the provider still holds is no fresh sign-in.
   */
  wantsFresh(request: FastifyRequest): boolean {
    return this.o.flows.wantsFresh(request) || request.cookies[SIGN_IN_RETURN_COOKIE] !== undefined;
  }

  async start(name: string, reply: FastifyReply, fresh: boolean) {
    const found = await this.providerOf(name);
    if (!found) return reply.redirect(invalidLogin(name), 303);
    const { idp } = found;
    try {
      const url =
        idp.protocol === 'saml'
          ? await this.saml.start(name, await this.o.idpMetadata.settings(name, idp), reply, fresh)
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
    let saml = null;
    try {
      if (found?.idp.protocol === 'saml')
        saml = { record: found.record, idp: await this.o.idpMetadata.settings(name, found.idp) };
    } catch (error) {
      return this.replies.refuse(reply, name, `provider not set up: ${(error as Error).message}`);
    }
    return this.saml.answer(saml, name, body, request, reply);
  }

  async frontChannelLogout(name: string, query: FrontChannelQuery, request: FastifyRequest, reply: FastifyReply) {
    const found = await this.providerOf(name);
    const idp = found?.idp.protocol === 'oidc' ? found.idp : null;
    return this.frontChannel.handle(name, idp, query, request, reply);
  }

  async backChannelLogout(name: string, token: string | undefined, request: FastifyRequest, reply: FastifyReply) {
    const found = await this.providerOf(name);
    const idp = found?.idp.protocol === 'oidc' ? found.idp : null;
    return this.backChannel.handle(name, idp, token, request, reply);
  }

  async singleLogout(
    name: string,
    message: LogoutMessage,
    rawQuery: string | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const found = await this.providerOf(name);
    // A provider whose metadata cannot be had is not set up: the handler answers so, as for a cobrand without SAML.
    const idp =
      found?.idp.protocol === 'saml' ? await this.o.idpMetadata.settings(name, found.idp).catch(() => null) : null;
    return this.slo.handle(idp ? { idp } : null, name, message, rawQuery, request, reply);
  }

  async spMetadata(name: string, reply: FastifyReply) {
    const found = await this.providerOf(name);
    return sendSpMetadata(reply, name, found?.idp.protocol === 'saml' ? found.idp : null, this.o.providers);
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
            ? await this.saml.logoutUrl(name, await this.o.idpMetadata.settings(name, found.idp), kept)
            : null;
      if (url) return reply.redirect(url, 303);
    } catch (error) {
      reply.log.warn({ cobrand: name, reason: (error as Error).message }, 'federated logout not possible');
    }
    return reply.redirect(back, 303);
  }
}
