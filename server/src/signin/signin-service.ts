/**
 * §7's sign-in sequence as the service sees it (ARCHITECTURE §4). Every refusal (unknown user, wrong password or
 * PIN or tokencode, locked, inactive, wrong login type) does the same work and gives the same answer.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_LOCALE, Paths, isLocale, routePath, type LoginInfo } from '@portal/contract';
import type { SendLoginBody } from '@portal/contract/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
import type { SessionManager } from '../session/index.js';
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

  /** Answers the address to go to, or null for a refused sign-in. */
  async signIn(request: FastifyRequest, reply: FastifyReply, body: SendLoginBody): Promise<string | null> {
    if (body['login-form-type'] === 'next-token') return this.nextToken(request, reply, body);
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
    return this.startSession(request, reply, checked.account, verdict, now);
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
  private async nextToken(request: FastifyRequest, reply: FastifyReply, body: SendLoginBody): Promise<string | null> {
    const { accounts, tokens, clock } = this.deps;
    const now = clock();
    const session = await this.deps.sessions.current(request, ['next_token']);
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
      return `${routePath('next-token-component')}?ec=${EC_INVALID_TOKEN}&${nextTokenQuery(attempt, session!.cobrand)}`;
    }
    await tokens.deleteAttempt(attempt.id);
    if (!(await accounts.clearFailures(account.id, now, { signedIn: true }))) return null;
    await this.deps.audit.record('signin.success', account.id, { step: 'next tokencode' });
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    await this.deps.sessions.start(request, reply, {
      accountId: account.id,
      kind: 'full',
      cobrand: record.cobrand.name,
      locale: session!.locale,
    });
    return checkedRedirect(
      attempt.referral_path,
      record.allowedOrigins,
      this.deps.publicOrigin,
      homeOf(record.cobrand.name),
    );
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

  private async startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    account: AccountRow,
    verdict: Verdict,
    now: number,
  ): Promise<string> {
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    const cobrand = record.cobrand.name;
    const cookieLocale = request.cookies.user_locale;
    const locale = isLocale(cookieLocale) ? cookieLocale : DEFAULT_LOCALE;
    const start = (kind: 'full' | 'change_password' | 'new_pin' | 'next_token') =>
      this.deps.sessions.start(request, reply, { accountId: account.id, kind, cobrand, locale });
    const query = `cobrandHost=${encodeURIComponent(cobrand)}`;
    if (verdict.kind === 'new_pin') {
      await start('new_pin');
      return `${routePath('new-rsa-pin-component')}?${query}`;
    }
    if (verdict.kind === 'next_token') {
      await start('next_token');
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
      return `${routePath('next-token-component')}?${nextTokenQuery(attempt, cobrand)}`;
    }
    if (account.password_state !== 'current') {
      if (account.password_state === 'temporary') await this.deps.accounts.spendTemporaryPassword(account.id, now);
      await start('change_password');
      const ec = account.password_state === 'temporary' ? EC_TEMPORARY_PASSWORD : EC_PASSWORD_EXPIRED;
      return `${routePath('change-password-component')}?ec=${ec}&${query}`;
    }
    await start('full');
    return checkedRedirect(record.platformHomeUrl, record.allowedOrigins, this.deps.publicOrigin, homeOf(cobrand));
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
