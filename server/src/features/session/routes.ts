/** Who is signed in, for the signed-in page that stands in for the platform. */
import { ErrorCodes, LOCALE_COOKIE, Paths } from '@portal/contract';
import type { CobrandDirectory } from '../../cobrands/cobrand-directory.js';
import type { Messages } from '../../i18n/messages.js';
import { CobrandQuerySchema, SessionRenewalSchema, SessionViewSchema, SessionWarningContentSchema } from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AccountStore } from '../../accounts/account-store.js';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../http/api-error.js';
import type { SessionManager } from '../../sessions/session-manager.js';

export interface SessionRoutesOptions {
  clock: Clock;
  sessions: SessionManager;
  accounts: AccountStore;
  cobrands: CobrandDirectory;
  messages: Messages;
}

export const unauthenticated = () => new ApiError(401, [{ code: ErrorCodes.unauthenticated, messageKey: 'session.ended' }]);

export const sessionRoutes: FastifyPluginAsyncTypebox<SessionRoutesOptions> = async (app, { clock, sessions, accounts, cobrands, messages }) => {
  app.get(Paths.sessionPing, { schema: { response: { 200: SessionRenewalSchema } } }, async (request) => {
    const renewed = await sessions.renew(request);
    if (!renewed) throw unauthenticated();
    return { ...renewed, serverTime: clock() };
  });

  app.get(Paths.sessionWarningContent, {
    schema: { querystring: CobrandQuerySchema, response: { 200: SessionWarningContentSchema } },
  }, async (request) => {
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

  app.get(Paths.session, { schema: { response: { 200: SessionViewSchema } } }, async (request) => {
    const session = await sessions.current(request);
    const account = session && (await accounts.findById(session.account_id));
    if (!session || !account) throw unauthenticated();
    return {
      userId: account.user_id,
      cobrand: session.cobrand,
      locale: session.locale,
      idleExpiresAt: session.idle_expires_at,
      absoluteExpiresAt: session.absolute_expires_at,
    };
  });
};
