/**
 * §7's user information for the token screens: whether this browser's session may open the new-PIN or next-token
 * screen, and for whom. The call answers it to the script; the token screens' pages carry it in their data, so they
 * are drawn, and post, without the script (issue 33).
 */
import { Paths, type PageData, type RouteName, type TokenUserInformation } from '@portal/contract';
import type { AccountStore } from '../account/index.js';
import type { ScreenData, TokenUserOf } from '../http/form-post.js';
import type { SessionCookies } from '../http/session-cookies.js';
import type { SessionManager } from '../session/index.js';

type TokenAction = Parameters<TokenUserOf>[1];

export const NO_ACCESS: TokenUserInformation = {
  shouldAccess: false,
  ldapId: '',
  b2BAlias: '',
  forwardFormEndpoint: '',
};

export interface TokenUserDeps {
  accounts: AccountStore;
  sessions: SessionManager;
  cookies: SessionCookies;
}

/** The user of the session this browser holds, if that session is at the action's step. */
export function tokenUserOf({ accounts, sessions, cookies }: TokenUserDeps): TokenUserOf {
  return async (request, action) => {
    const session = await sessions.find(cookies.sessionId(request), [action === 'newpin' ? 'new_pin' : 'next_token']);
    const account = session && (await accounts.findById(session.account_id));
    if (!account) return NO_ACCESS;
    return {
      shouldAccess: true,
      ldapId: account.ldap_id,
      b2BAlias: account.user_id,
      forwardFormEndpoint: Paths.sendLogin,
    };
  };
}

/** The logout address the token screens send a user away to (§4), for the cobrand the page was asked for. */
export const logoutFor = (cobrand: string | undefined): string =>
  `${Paths.logout}?cobrandHost=${encodeURIComponent(cobrand ?? '')}`;

/** The token screens' pages, by the name the pages capability gives them (their route's). */
const SCREEN_ACTIONS: Partial<Record<RouteName, TokenAction>> = {
  'new-rsa-pin-component': 'newpin',
  'next-token-component': 'nexttoken',
};

/**
 * The token screens' page data: their user, or the logout address for a visitor out of turn, where the script would
 * send them once it had asked (§4).
 */
export function tokenScreenData(userOf: TokenUserOf): ScreenData {
  return async (request, page) => {
    const action = SCREEN_ACTIONS[page as RouteName];
    if (!action) return undefined;
    const tokenUser = await userOf(request, action);
    if (!tokenUser.shouldAccess) {
      const cobrand = (request.query as Record<string, unknown> | undefined)?.cobrandHost;
      return { location: logoutFor(typeof cobrand === 'string' ? cobrand : undefined) };
    }
    return { tokenUser } satisfies Partial<PageData>;
  };
}
