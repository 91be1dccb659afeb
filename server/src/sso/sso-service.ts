/**
 * What a verified federated identity becomes: the portal user linked to that subject for that cobrand, if the user is
 * active and of that cobrand; otherwise the spec's invalid login, never a session.
 */
import { DEFAULT_LOCALE, isLocale, Paths, routePath, ServicePaths } from '@portal/contract';
import type { AccountStore } from '../account/index.js';
import type { Clock } from '../clock.js';
import type { CobrandRecord } from '../cobrand/index.js';
import type { AuditLog, Origin } from '../db/audit-log.js';
import { checkedRedirect } from '../security/redirects.js';
import type { StartSession } from '../session/index.js';
import type { SsoStore } from './sso-store.js';

/** What a provider sent that explains a refusal, for the log and the audit row: never a secret. */
export type Received = Record<string, string | undefined>;

export interface SsoDecision {
  location: string;
  open?: StartSession;
  /** Why it was refused, for the log line (the audit row is written already). */
  refused?: { cobrand: string; reason: string; received: Received };
}

export const invalidLogin = (cobrand: string): string =>
  `${routePath('login-signin-component')}?cobrandHost=${encodeURIComponent(cobrand)}&invalidLogin=true`;

/** Where a user the provider signed in, but who may not use this portal, ends: one page whatever the cause. */
export const noAccount = (cobrand: string): string =>
  `${ServicePaths.ssoNoAccount}?cobrandHost=${encodeURIComponent(cobrand)}`;

export class SsoService {
  constructor(
    private readonly deps: {
      accounts: AccountStore;
      store: SsoStore;
      audit: AuditLog;
      clock: Clock;
      publicOrigin: string;
    },
  ) {}

  /**
   * The refusal every failed sign-on gets, whatever the cause; the cause goes to the audit log only. `location`: the
   * invalid login, or for an identity the provider vouched for, the page that says it opens no account here.
   */
  async refuse(
    cobrand: string,
    reason: string,
    origin: Origin,
    accountId: string | null = null,
    received: Received = {},
    location = invalidLogin(cobrand),
  ): Promise<SsoDecision> {
    const details = { step: 'sso', cobrand, reason, ...received };
    await this.deps.audit.record('signin.failure', accountId, details, { origin });
    return { location, refused: { cobrand, reason, received } };
  }

  /** A provider's back-channel logout, taken (with how many sessions ended) or refused (`refused`: why). */
  async providerLogout(cobrand: string, received: Received, origin: Origin): Promise<void> {
    const kind = received.refused ? 'sso.logout.refused' : 'sso.logout';
    await this.deps.audit.record(kind, null, { cobrand, ...received }, { origin });
  }

  /** The federated logout ended the portal's session too: recorded as the portal's own logout is. */
  async loggedOut(accountId: string, origin: Origin): Promise<void> {
    await this.deps.audit.record('session.logout', accountId, { step: 'sso' }, { origin });
  }

  async signIn(
    record: CobrandRecord,
    subject: string,
    locale: string | undefined,
    origin: Origin,
    /** More of what the provider sent, for a refusal's log line and audit row (the claim that named the subject). */
    about: Received = {},
  ): Promise<SsoDecision> {
    const cobrand = record.cobrand.name;
    const accountId = await this.deps.store.linkedAccount(cobrand, subject);
    const account = accountId ? await this.deps.accounts.findById(accountId) : undefined;
    // The provider has told the user who they are; the page they end on says no more than that (not why).
    const refuse = (reason: string, id: string | null) =>
      this.refuse(cobrand, reason, origin, id, { ...about, subject }, noAccount(cobrand));
    if (!account) return refuse('no portal user linked to this subject', null);
    // A link made for another cobrand's user does not let this cobrand's provider in (checklist 37).
    if (account.cobrand !== cobrand) return refuse('linked user of another cobrand', account.id);
    if (account.status !== 'active') return refuse(`user ${account.status}`, account.id);
    const open = { accountId: account.id, cobrand, locale: isLocale(locale) ? locale : DEFAULT_LOCALE, sso: true };
    if (account.login_type === 'token') {
      // A token user still passes the token step: on the sign-in page, which sends the passcode as any token user does.
      await this.deps.audit.record('sso.passed', account.id, { next: 'token step' }, { origin });
      const query = new URLSearchParams({ cobrandHost: cobrand, ssoStep: 'token', userId: account.user_id });
      return { location: `${routePath('login-signin-component')}?${query}`, open: { ...open, kind: 'sso_token' } };
    }
    await this.deps.audit.record('signin.success', account.id, { step: 'sso' }, { origin });
    const home = `${Paths.platformHome}?cobrandHost=${encodeURIComponent(cobrand)}`;
    return {
      location: checkedRedirect(record.platformHomeUrl, record.allowedOrigins, this.deps.publicOrigin, home),
      open: { ...open, kind: 'full' },
    };
  }
}
