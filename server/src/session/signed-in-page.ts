/**
 * The signed-in page (the platform home's stand-in, ARCHITECTURE §4) written for its user: it names them and offers
 * log out, change password and the security page without the script. A browser without a full session is sent to
 * sign-in, as the page's script sends it.
 */
import { routePath, type SessionView } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { AccountRow, AccountStore } from '../account/index.js';
import type { ScreenData } from '../http/form-post.js';
import type { SessionCookies } from '../http/session-cookies.js';
import type { SessionManager } from './session-manager.js';
import type { SessionRow } from './session-store.js';

/** The page the service renders for the session, by its built name. */
const SIGNED_IN_PAGE = 'home';

/** §7's session view (the session call's answer): whose session, where and until when. */
export const sessionViewOf = (session: SessionRow, account: AccountRow): SessionView => ({
  userId: account.user_id,
  cobrand: session.cobrand,
  locale: session.locale,
  idleExpiresAt: session.idle_expires_at,
  absoluteExpiresAt: session.absolute_expires_at,
});

export interface SignedInDeps {
  sessions: SessionManager;
  cookies: SessionCookies;
  accounts: AccountStore;
}

/** The full session this browser holds and its account, or null. */
export async function signedInOf({ sessions, cookies, accounts }: SignedInDeps, request: FastifyRequest) {
  const session = await sessions.find(cookies.sessionId(request));
  const account = session && (await accounts.findById(session.account_id));
  return session && account ? { session, account } : null;
}

/** The signed-in page's data (`PageData.signedIn`), or sign-in for a browser that is not signed in. */
export function signedInScreenData(deps: SignedInDeps): ScreenData {
  return async (request, page) => {
    if (page !== SIGNED_IN_PAGE) return undefined;
    const found = await signedInOf(deps, request);
    if (found) return { signedIn: sessionViewOf(found.session, found.account) };
    const cobrand = (request.query as Record<string, unknown> | undefined)?.cobrandHost;
    const query = typeof cobrand === 'string' ? `?cobrandHost=${encodeURIComponent(cobrand)}` : '';
    return { location: `${routePath('login-signin-component')}${query}` };
  };
}
