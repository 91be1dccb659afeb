/** Who is signed in, for the signed-in page that stands in for the platform. */
import { ErrorCodes, Paths } from '@portal/contract';
import { SessionViewSchema } from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AccountStore } from '../../accounts/account-store.js';
import { ApiError } from '../../http/api-error.js';
import type { SessionManager } from '../../sessions/session-manager.js';

export interface SessionRoutesOptions {
  sessions: SessionManager;
  accounts: AccountStore;
}

export const unauthenticated = () => new ApiError(401, [{ code: ErrorCodes.unauthenticated, messageKey: 'session.ended' }]);

export const sessionRoutes: FastifyPluginAsyncTypebox<SessionRoutesOptions> = async (app, { sessions, accounts }) => {
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
