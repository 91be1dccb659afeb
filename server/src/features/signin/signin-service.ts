/**
 * §7's sign-in sequence as the service sees it (ARCHITECTURE §4). Every failure (unknown user, wrong password,
 * locked, inactive, wrong login type) does the same work and gives the same answer, so none can be told apart.
 */
import { DEFAULT_LOCALE, Paths, isLocale, routePath, type LoginInfo } from '@portal/contract';
import type { SendLoginBody } from '@portal/contract/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ldapIdFor, userIdKey } from '../../accounts/account-identity.js';
import type { AccountRow, AccountStore } from '../../accounts/account-store.js';
import type { PasswordStore } from '../../accounts/password-store.js';
import type { Clock } from '../../clock.js';
import type { CobrandDirectory } from '../../cobrands/cobrand-directory.js';
import type { AuditLog } from '../../db/audit-log.js';
import { checkedRedirect } from '../../security/redirects.js';
import { hashSecret, needsRehash, verifyDummy, verifySecret } from '../../security/passwords.js';
import type { SessionManager } from '../../sessions/session-manager.js';

/** §8 external codes carried in `ec` to the change-password screen for a password that must be replaced. */
export const EC_PASSWORD_EXPIRED = '0x13212079';
export const EC_TEMPORARY_PASSWORD = '0x132120c8';

export interface SignInDeps {
  accounts: AccountStore;
  passwords: PasswordStore;
  sessions: SessionManager;
  cobrands: CobrandDirectory;
  audit: AuditLog;
  identityKey: Buffer;
  clock: Clock;
  publicOrigin: string;
}

export class SignInService {
  constructor(private readonly deps: SignInDeps) {}

  /** The same lookups and the same shape for every user ID, known or not (ARCHITECTURE §4). */
  async loginInfo(username: string): Promise<LoginInfo> {
    const typed = username.trim();
    const account = await this.deps.accounts.findByUserId(userIdKey(typed));
    return {
      ldapId: account?.ldap_id ?? ldapIdFor(this.deps.identityKey, typed),
      loginType: account?.login_type ?? 'password',
      b2BAlias: typed,
    };
  }

  /** Answers the address to go to, or null for a refused sign-in. */
  async signIn(request: FastifyRequest, reply: FastifyReply, body: SendLoginBody): Promise<string | null> {
    const { accounts, audit, clock } = this.deps;
    const now = clock();
    const ldapId = body.username.trim().toLowerCase();
    let account = await accounts.claimAttempt({ kind: 'ldapId', value: ldapId }, now);
    if (!account) {
      await verifyDummy(body.password);
      await audit.record('signin.failure', null, { reason: 'unavailable' });
      return null;
    }
    const typeMatches = body['login-form-type'] === account.login_type;
    let valid = typeMatches ? await verifySecret(account.password_hash, body.password) : await verifyDummy(body.password);
    // A temporary password past its time no longer opens the account (ARCHITECTURE §3).
    if (valid && account.password_state === 'temporary' && account.password_expires_at !== null && account.password_expires_at <= now) valid = false;
    if (!valid && typeMatches) {
      const used = await this.useTemporaryPassword(account.id, body.password, now);
      if (used) account = used;
      valid = used !== null;
    }
    if (!valid) {
      await audit.record('signin.failure', account.id, { attempt: account.failed_attempts });
      if (await accounts.lockIfExhausted(account.id, now)) {
        await this.deps.sessions.endAllFor(account.id);
        await audit.record('account.locked', account.id);
      }
      return null;
    }
    const rehashed = needsRehash(account.password_hash) ? await hashSecret(body.password) : undefined;
    if (!(await accounts.clearFailures(account.id, now, { ...(rehashed ? { passwordHash: rehashed } : {}), signedIn: true }))) {
      await audit.record('signin.failure', account.id, { reason: 'locked meanwhile' });
      return null;
    }
    await audit.record('signin.success', account.id);
    return this.startSession(request, reply, account);
  }

  /** A pending temporary password, when it is the one given, is used up and becomes the account's password. */
  private async useTemporaryPassword(accountId: string, password: string, now: number): Promise<AccountRow | null> {
    const pending = await this.deps.passwords.findTemporary(accountId, now);
    if (!pending || !(await verifySecret(pending.passwordHash, password))) return null;
    if (!(await this.deps.passwords.consumeTemporary(accountId, pending, now))) return null;
    return (await this.deps.accounts.findById(accountId)) ?? null;
  }

  private async startSession(request: FastifyRequest, reply: FastifyReply, account: AccountRow): Promise<string> {
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    const cobrand = record.cobrand.name;
    const cookieLocale = request.cookies.user_locale;
    const locale = isLocale(cookieLocale) ? cookieLocale : DEFAULT_LOCALE;
    const query = `cobrandHost=${encodeURIComponent(cobrand)}`;
    if (account.password_state !== 'current') {
      await this.deps.sessions.start(request, reply, { accountId: account.id, kind: 'change_password', cobrand, locale });
      const ec = account.password_state === 'temporary' ? EC_TEMPORARY_PASSWORD : EC_PASSWORD_EXPIRED;
      return `${routePath('change-password-component')}?ec=${ec}&${query}`;
    }
    await this.deps.sessions.start(request, reply, { accountId: account.id, kind: 'full', cobrand, locale });
    const builtIn = `${Paths.platformHome}?${query}`;
    return checkedRedirect(record.platformHomeUrl, record.allowedOrigins, this.deps.publicOrigin, builtIn);
  }
}
