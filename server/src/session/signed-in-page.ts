/**
 * The signed-in page (the platform home's stand-in, ARCHITECTURE §4) written for its user: it names them and offers
 * log out, change password and the security page without the script. A browser without a full session is sent to
 * sign-in, as the page's script sends it.
 */
import { routePath, type SessionView } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { AccountRow, AccountStore } from '../account/index.js';
import { type CobrandDirectory, signsInAtProvider } from '../cobrand/index.js';
import type { ScreenData } from '../http/form-post.js';
import type { SessionCookies } from '../http/session-cookies.js';
import type { SessionManager } from './session-manager.js';
import type { SessionRow } from './session-store.js';

/** The page the service renders for the session, by its built name. */
const SIGNED_IN_PAGE = 'home';

/**
 * §7's session view (the session call's answer): whose session, where and until when; and whether the page offers a
 * password change (not where the bank's identity provider signs the user in).
 */
const sessionViewOf = (session: SessionRow, account: AccountRow, passwordChange: boolean): SessionView => ({
  userId: account.user_id,
  cobrand: session.cobrand,
  locale: session.locale,
  idleExpiresAt: session.idle_expires_at,
  absoluteExpiresAt: session.absolute_expires_at,
  passwordChange,
});

export interface SignedInDeps {
  sessions: SessionManager;
  cookies: SessionCookies;
  accounts: AccountStore;
  cobrands: CobrandDirectory;
}

/** The view of the full session this browser holds, or null. */
export async function signedInOf(deps: SignedInDeps, request: FastifyRequest): Promise<SessionView | null> {
  const session = await deps.sessions.find(deps.cookies.sessionId(request));
  const account = session && (await deps.accounts.findById(session.account_id));
  if (!session || !account) return null;
  const { record } = await deps.cobrands.resolve(account.cobrand);
  return sessionViewOf(session, account, !signsInAtProvider(record));
}

/** The signed-in page's data (`PageData.signedIn`), or sign-in for a browser that is not signed in. */
export function signedInScreenData(deps: SignedInDeps): ScreenData {
  return async (request, page) => {
    if (page !== SIGNED_IN_PAGE) return undefined;
    const found = await signedInOf(deps, request);
    if (found) return { signedIn: found };
    const cobrand = (request.query as Record<string, unknown> | undefined)?.cobrandHost;
    const query = typeof cobrand === 'string' ? `?cobrandHost=${encodeURIComponent(cobrand)}` : '';
    return { location: `${routePath('login-signin-component')}${query}` };
  };
}
