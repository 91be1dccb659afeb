/**
 * §7's session calls: the ping, the warning content and who is signed in (for the signed-in page that stands in for
 * the platform); and the logout address (also the sign-in pre-step) with the logout screen's calls (§2).
 */
import { LOCALE_COOKIE, LOGOUT_CONFIRM_PARAM, Paths, routePath, SSO_USER_COOKIE } from '@portal/contract';
import {
  CobrandQuerySchema,
  NoBody,
  LogoutLabelsSchema,
  SessionRenewalSchema,
  SessionViewSchema,
  SessionWarningContentSchema,
} from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AccountStore } from '../account/index.js';
import type { Clock } from '../clock.js';
import type { CobrandDirectory } from '../cobrand/index.js';
import type { AuditLog } from '../db/audit-log.js';
import { sessionEnded } from '../http/api-error.js';
import { textAnswer } from '../http/content-type.js';
import { originOf } from '../http/origin.js';
import type { Messages } from '../i18n/messages.js';
import { cameFromPortal } from '../security/fetch-metadata.js';
import { checkedRedirect } from '../security/redirects.js';
import type { SessionCookies } from '../http/session-cookies.js';
import type { SessionManager } from './session-manager.js';
import { signedInOf } from './signed-in-page.js';
import { guard, PAGE_READ, STATE_READ } from '../http/route-guard.js';

export interface SessionRoutesOptions {
  clock: Clock;
  sessions: SessionManager;
  cookies: SessionCookies;
  accounts: AccountStore;
  cobrands: CobrandDirectory;
  messages: Messages;
  audit: AuditLog;
  publicOrigin: string;
  /**
   * Hears of every logout that goes ahead, with whether the session that ended came through single sign-on (null:
   * there was no live session): the provider's session outlives the portal's (sso/flow-cookie.ts).
   */
  afterLogout?: (request: FastifyRequest, reply: FastifyReply, endedSso: boolean | null) => void;
}

function logoutScreen(cobrand: string | undefined, confirm: boolean): string {
  const query = new URLSearchParams(cobrand ? { cobrandHost: cobrand } : {});
  if (confirm) query.set(LOGOUT_CONFIRM_PARAM, '1');
  return `${routePath('logout-component')}${query.size ? `?${query}` : ''}`;
}

const PING_SCHEMA = {
  operationId: 'pingSession',
  summary: 'Renew the session',
  response: { 200: SessionRenewalSchema },
};
const WARNING_SCHEMA = {
  operationId: 'sessionWarningContent',
  summary: "The texts of the session's expiry warning",
  querystring: CobrandQuerySchema,
  response: { 200: SessionWarningContentSchema },
};
const SESSION_SCHEMA = { operationId: 'session', summary: 'Who is signed in', response: { 200: SessionViewSchema } };
const LOGOUT_SCHEMA = {
  operationId: 'logout',
  summary: 'End the session (also the pre-step of every portal page, which gets the sec-token)',
  querystring: CobrandQuerySchema,
  response: { 204: NoBody('Logged out (the web app calls it)'), 303: NoBody('To the logout screen') },
};
const LABELS_SCHEMA = {
  operationId: 'logoutLabels',
  summary: "The logout screen's texts and return link",
  querystring: CobrandQuerySchema,
  response: { 200: LogoutLabelsSchema },
};

/** The page's ping moves the session's deadline on: its own session only, nothing a forged call could gain. */
const PING = guard({
  throttle: 'none: renews only the caller’s own session',
  changes: true,
  csrf: 'none: a GET that renews the caller’s own session’s deadline',
  audit: 'none: a renewal, not an event',
});
/** Logout is a GET (§7): a link from another site ends nothing, the logout screen asks first (cameFromPortal). */
const LOGOUT = guard({
  throttle: 'none: ends only the caller’s own session',
  changes: true,
  csrf: 'none: a GET (§7); one from another site is asked first, not obeyed',
  audit: 'session.logout',
});

export const sessionRoutes: FastifyPluginAsyncTypebox<SessionRoutesOptions> = async (app, options) => {
  const { clock, sessions, cookies, accounts, cobrands, messages, audit, publicOrigin } = options;
  app.get(Paths.sessionPing, { schema: PING_SCHEMA, config: PING }, async (request) => {
    const renewed = await sessions.renew(cookies.sessionId(request));
    if (!renewed) throw sessionEnded();
    return { ...renewed, serverTime: clock() };
  });

  app.get(Paths.sessionWarningContent, { schema: WARNING_SCHEMA, config: STATE_READ }, async (request) => {
    await cobrands.resolve(request.query.cobrandHost);
    const locale = request.cookies[LOCALE_COOKIE];
    return {
      sessionExpireContinueButtonLabel: messages.text(locale, 'sessionExpireContinueButtonLabel'),
      sessionExpireWarningBoxTitle: messages.text(locale, 'sessionExpireWarningBoxTitle'),
      sessionExpireLogoutButtonLabel: messages.text(locale, 'sessionExpireLogoutButtonLabel'),
      generalSessionHelpExpireMessage: messages.text(locale, 'generalSessionHelpExpireMessage'),
      // The `{0}` stays for the browser, which fills in the countdown as mm:ss.
      generalSessionAboutToExpireMessage: messages.source(locale, 'generalSessionAboutToExpireMessage'),
      sessionExpirationWarningBoxPingUrl: Paths.sessionPing,
    };
  });

  app.get(Paths.session, { schema: SESSION_SCHEMA, config: STATE_READ }, async (request) => {
    const found = await signedInOf({ sessions, cookies, accounts, cobrands }, request);
    if (!found) throw sessionEnded();
    return found;
  });

  app.get(Paths.logout, { schema: LOGOUT_SCHEMA, config: LOGOUT }, async (request, reply) => {
    // A link on another site ends nothing: the logout screen asks the user first.
    if (!cameFromPortal(request.headers)) return reply.redirect(logoutScreen(request.query.cobrandHost, true), 303);
    const ended = await cookies.end(request, reply, (rawId) => sessions.end(rawId));
    if (ended) await audit.record('session.logout', ended.account_id, {}, { origin: originOf(request) });
    options.afterLogout?.(request, reply, ended ? ended.sso === 1 : null);
    // "cache" only: "cookies" and "storage" would also drop the language choice and the cobrand the user came from.
    reply.header('clear-site-data', '"cache"');
    if (request.headers['x-requested-with'] === 'XMLHttpRequest') return reply.code(204).send(null);
    return reply.redirect(logoutScreen(ended?.cobrand ?? request.query.cobrandHost, false), 303);
  });

  app.get(Paths.logoutLabels, { schema: LABELS_SCHEMA, config: STATE_READ }, async (request) => {
    const { record } = await cobrands.resolve(request.query.cobrandHost);
    const locale = request.cookies[LOCALE_COOKIE];
    const fssoLogoutUrl = record.cobrand.fssoLogoutUrl
      ? checkedRedirect(record.cobrand.fssoLogoutUrl, record.allowedOrigins, publicOrigin, '') || null
      : null;
    return {
      'ng.you.have.been.logged.out': messages.text(locale, 'ng.you.have.been.logged.out'),
      'ng.return.to.login.screen': messages.text(locale, 'ng.return.to.login.screen'),
      cobrandHostInfo: record.cobrand.name,
      fssoLogoutUrl,
      returnUrl: fssoLogoutUrl ?? `${Paths.logoutReturn}?cobrandHost=${encodeURIComponent(record.cobrand.name)}`,
      ssoLogin: request.cookies[SSO_USER_COOKIE] === '1',
    };
  });

  registerLogoutAddresses(app);
};

/** §7's logout address call and the logout screen's return link: back to the sign-in page of the cobrand. */
function registerLogoutAddresses(app: Parameters<FastifyPluginAsyncTypebox>[0]): void {
  const logoutAddress = {
    operationId: 'externalLogoutUrl',
    summary: 'The logout address, as text',
    response: { 200: textAnswer(Type.String({ description: 'The logout address' })) },
  };
  app.get(Paths.externalLogoutUrl, { schema: logoutAddress, config: PAGE_READ }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(Paths.logout),
  );

  // §7's logout return link: back to the sign-in page of the cobrand.
  const toSignIn = { 302: NoBody("To the cobrand's sign-in page") };
  app.get(
    Paths.logoutReturn,
    {
      schema: {
        operationId: 'logoutReturn',
        summary: "Back to the cobrand's sign-in page",
        querystring: CobrandQuerySchema,
        response: toSignIn,
      },
      config: PAGE_READ,
    },
    async (request, reply) => {
      const cobrand = request.query.cobrandHost;
      return reply.redirect(
        `${routePath('login-signin-component')}${cobrand ? `?cobrandHost=${encodeURIComponent(cobrand)}` : ''}`,
        302,
      );
    },
  );
}
