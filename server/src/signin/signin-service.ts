/**
 * §7's sign-in sequence as the service sees it (ARCHITECTURE §4). Every refusal (unknown user, wrong password or
 * PIN or tokencode, locked, inactive, wrong login type) does the same work and gives the same answer.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_LOCALE, Paths, isLocale, routePath, type LoginInfo } from '@portal/contract';
import type { SendLoginBody } from '@portal/contract/schemas';
import {
  type AccountRow,
  type AccountStore,
  ldapIdFor,
  matchesTemporaryPassword,
  type PasswordStore,
  userIdKey,
} from '../account/index.js';
import type { Clock } from '../clock.js';
import type { CobrandDirectory } from '../cobrand/index.js';
import type { AuditLog } from '../db/audit-log.js';
import { newId } from '../security/ids.js';
import { hashSecret, needsRehash, verifyDummy, verifySecret } from '../security/passwords.js';
import { checkedRedirect } from '../security/redirects.js';
import type { SessionManager, StartSession } from '../session/index.js';
import { checkNextCode, checkToken, type TokenKeys, type TokenStore, type TokenVerdict } from '../token/index.js';

/** §8 external codes carried in `ec` to the change-password screen for a password that must be replaced. */
export const EC_PASSWORD_EXPIRED = '0x13212079';
export const EC_TEMPORARY_PASSWORD = '0x132120c8';
/** §8: the next-token screen's code for an invalid tokencode. */
export const EC_INVALID_TOKEN = '14008';
const NEXT_TOKEN_MS = 180_000;
/** An account ID no row has (IDs are UUIDs). */
const NO_ACCOUNT = 'none';

type Verdict = { kind: 'password' } | TokenVerdict;
type SessionKind = StartSession['kind'];

/** What the route knows of the browser: its session cookie and its language cookie. */
export interface BrowserState {
  sessionId: string | undefined;
  locale: string | undefined;
}

/** Where the browser goes next, and the session the route opens for it (none when it only asks again). */
export interface SignInDecision {
  location: string;
  open?: StartSession;
}

export interface SignInDeps {
  accounts: AccountStore;
  passwords: PasswordStore;
  tokens: TokenStore;
  tokenKeys: TokenKeys;
  sessions: SessionManager;
  cobrands: CobrandDirectory;
  audit: AuditLog;
  identityKey: Buffer;
  temporaryPasswordKey: Buffer;
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

  /** Decides a send-login: null refuses it; otherwise where to go, and which session to open for it. */
  async signIn(body: SendLoginBody, browser: BrowserState): Promise<SignInDecision | null> {
    if (body['login-form-type'] === 'next-token') return this.nextToken(body, browser);
    const { accounts, audit, clock } = this.deps;
    const now = clock();
    const account = await accounts.claimAttempt({ kind: 'ldapId', value: body.username.trim().toLowerCase() }, now);
    if (!account) {
      // The statements a refused try on a real account makes, matching no row: the same work, so the same time.
      await verifyDummy(body.password);
      await this.deps.passwords.findTemporary(NO_ACCOUNT, now);
      await audit.record('signin.failure', null, { reason: 'unavailable' });
      await accounts.lockIfExhausted(NO_ACCOUNT, now);
      return null;
    }
    const federation = await this.federation(account, browser);
    if (federation === 'at provider') {
      // The bank's provider is the only way in for its users: a password here is not even a try, so it cannot lock them.
      await verifyDummy(body.password);
      await accounts.releaseAttempt(account.id, now);
      await audit.record('signin.failure', account.id, { reason: 'signs in at the identity provider' });
      return null;
    }
    const checked = await this.check(account, body, now);
    if (!checked) return this.refuse(account, now);
    const { verdict } = checked;
    const rehashed =
      verdict.kind === 'password' && needsRehash(checked.account.password_hash)
        ? await hashSecret(body.password)
        : undefined;
    if (
      !(await accounts.clearFailures(account.id, now, {
        ...(rehashed ? { passwordHash: rehashed } : {}),
        signedIn: verdict.kind !== 'next_token',
      }))
    ) {
      await audit.record('signin.failure', account.id, { reason: 'locked meanwhile' });
      return null;
    }
    await audit.record('signin.success', account.id, { step: verdict.kind });
    return this.decide(checked.account, verdict, browser.locale, now, federation === 'token step');
  }

  /**
   * A user of a cobrand with an identity provider signs in there; only a token user the provider has just signed in
   * (a session of kind `sso_token`) comes here, for the token step.
   */
  private async federation(account: AccountRow, browser: BrowserState): Promise<'none' | 'at provider' | 'token step'> {
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    if (!record.identityProvider) return 'none';
    const session = await this.deps.sessions.find(browser.sessionId, ['sso_token']);
    return session?.account_id === account.id && account.login_type === 'token' ? 'token step' : 'at provider';
  }

  private async check(
    account: AccountRow,
    body: SendLoginBody,
    now: number,
  ): Promise<{ account: AccountRow; verdict: Verdict } | null> {
    if (body['login-form-type'] !== account.login_type) {
      await verifyDummy(body.password);
      return null;
    }
    if (account.login_type === 'token') {
      const verdict = await checkToken(this.deps.tokens, this.deps.tokenKeys, account, body.password, now);
      return verdict ? { account, verdict } : null;
    }
    // One argon2 verify on every path; a pending temporary password is checked by its digest, in microseconds.
    const valid = await verifySecret(account.password_hash, body.password);
    const pending = await this.deps.passwords.findTemporary(account.id, now);
    const isTemporary = matchesTemporaryPassword(
      this.deps.temporaryPasswordKey,
      account.id,
      body.password,
      pending?.digest,
    );
    if (valid) return isSpent(account, now) ? null : { account, verdict: { kind: 'password' } };
    if (!pending || !isTemporary) return null;
    const used = await this.deps.passwords.consumeTemporary(account.id, pending, await hashSecret(body.password), now);
    const updated = used ? await this.deps.accounts.findById(account.id) : undefined;
    return updated ? { account: updated, verdict: { kind: 'password' } } : null;
  }

  /** §7 next token: the following code, for the attempt the service opened, from the session it opened it for. */
  private async nextToken(body: SendLoginBody, browser: BrowserState): Promise<SignInDecision | null> {
    const { accounts, tokens, clock } = this.deps;
    const now = clock();
    const session = await this.deps.sessions.find(browser.sessionId, ['next_token']);
    const account = await accounts.claimAttempt({ kind: 'userIdKey', value: userIdKey(body.username) }, now);
    const attempt =
      account && session?.account_id === account.id && body.authn_attempt_id
        ? await tokens.findAttempt(body.authn_attempt_id, account.id, now)
        : undefined;
    if (!account || !attempt || attempt.in_response_to !== body.in_response_to) {
      await verifyDummy(body.password);
      return account ? this.refuse(account, now) : null;
    }
    if (!(await checkNextCode(tokens, this.deps.tokenKeys, account.id, attempt.after_step, body.password, now))) {
      await this.refuse(account, now, 'next tokencode');
      // The try that used the last of six locked the account: that is refused outright, not asked again.
      if ((await accounts.findById(account.id))?.status !== 'active') return null;
      return {
        location: `${routePath('next-token-component')}?ec=${EC_INVALID_TOKEN}&${nextTokenQuery(attempt, session!.cobrand)}`,
      };
    }
    await tokens.deleteAttempt(attempt.id);
    if (!(await accounts.clearFailures(account.id, now, { signedIn: true }))) return null;
    await this.deps.audit.record('signin.success', account.id, { step: 'next tokencode' });
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    const home = homeOf(record.cobrand.name);
    return {
      location: checkedRedirect(attempt.referral_path, record.allowedOrigins, this.deps.publicOrigin, home),
      open: {
        ...{ accountId: account.id, kind: 'full' as const, cobrand: record.cobrand.name },
        ...{ locale: session!.locale, sso: session!.sso === 1 },
      },
    };
  }

  /** Records a refused try; the sixth locks the account and ends its sessions. Always null: the refusal. */
  private async refuse(account: AccountRow, now: number, reason = 'credentials'): Promise<null> {
    await this.deps.audit.record('signin.failure', account.id, { attempt: account.failed_attempts, reason });
    if (await this.deps.accounts.lockIfExhausted(account.id, now)) {
      await this.deps.sessions.endAllFor(account.id);
      await this.deps.audit.record('account.locked', account.id);
    }
    return null;
  }

  /** Where a signed-in user goes, and the session (full, or one restricted to that screen) that opens for it. */
  private async decide(
    account: AccountRow,
    verdict: Verdict,
    cookieLocale: string | undefined,
    now: number,
    sso: boolean,
  ): Promise<SignInDecision> {
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    const cobrand = record.cobrand.name;
    const locale = isLocale(cookieLocale) ? cookieLocale : DEFAULT_LOCALE;
    const go = (location: string, kind: SessionKind): SignInDecision => ({
      location,
      open: { accountId: account.id, kind, cobrand, locale, sso },
    });
    const query = `cobrandHost=${encodeURIComponent(cobrand)}`;
    if (verdict.kind === 'new_pin') return go(`${routePath('new-rsa-pin-component')}?${query}`, 'new_pin');
    if (verdict.kind === 'next_token') {
      const attempt = {
        id: newId(),
        account_id: account.id,
        in_response_to: randomBytes(12).toString('base64url'),
        referral_path: checkedRedirect(
          record.platformHomeUrl,
          record.allowedOrigins,
          this.deps.publicOrigin,
          homeOf(cobrand),
        ),
        after_step: verdict.step,
        expires_at: now + NEXT_TOKEN_MS,
        created_at: now,
      };
      await this.deps.tokens.createAttempt(attempt);
      return go(`${routePath('next-token-component')}?${nextTokenQuery(attempt, cobrand)}`, 'next_token');
    }
    if (account.password_state !== 'current') {
      if (account.password_state === 'temporary') await this.deps.accounts.spendTemporaryPassword(account.id, now);
      const ec = account.password_state === 'temporary' ? EC_TEMPORARY_PASSWORD : EC_PASSWORD_EXPIRED;
      return go(`${routePath('change-password-component')}?ec=${ec}&${query}`, 'change_password');
    }
    const home = checkedRedirect(
      record.platformHomeUrl,
      record.allowedOrigins,
      this.deps.publicOrigin,
      homeOf(cobrand),
    );
    return go(home, 'full');
  }
}

/**
 * A temporary password opens one change-password session: the mailed one is spent when it replaces the account's
 * password, an administrator's at its first sign-in (checklist 17). A spent one is an ordinary wrong password.
 */
const isSpent = (account: AccountRow, now: number): boolean =>
  account.password_state === 'temporary' && account.password_expires_at !== null && account.password_expires_at <= now;

const homeOf = (cobrand: string) => `${Paths.platformHome}?cobrandHost=${encodeURIComponent(cobrand)}`;

function nextTokenQuery(
  attempt: { id: string; in_response_to: string; referral_path: string },
  cobrand: string,
): string {
  return new URLSearchParams({
    authn_attempt_id: attempt.id,
    in_response_to: attempt.in_response_to,
    referral_path: attempt.referral_path,
    cobrandHost: cobrand,
  }).toString();
}
