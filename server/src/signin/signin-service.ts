/**
 * §7's sign-in sequence as the service sees it (ARCHITECTURE §4). Every refusal (unknown user, wrong password or
 * PIN or tokencode, locked, inactive, wrong login type) does the same work and gives the same answer.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_LOCALE, isLocale, routePath, type LoginInfo } from '@portal/contract';
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
import type { CobrandDirectory, CobrandRecord } from '../cobrand/index.js';
import type { AuditLog, Origin } from '../db/audit-log.js';
import { newId } from '../security/ids.js';
import { seal } from '../security/sealed-box.js';
import { hashSecret, needsRehash, verifyDummy, verifySecret } from '../security/passwords.js';
import { checkedRedirect } from '../security/redirects.js';
import type { SessionManager, StartSession } from '../session/index.js';
import {
  checkTokenAt,
  sealState,
  type TokenKeys,
  type TokenServer,
  type TokenServers,
  type TokenStore,
  type TokenVerdict,
} from '../token/index.js';
import { homeOf, NextTokenStep, nextTokenQuery } from './next-token-step.js';
import { Refusals } from './refusals.js';

/** §8 external codes carried in `ec` to the change-password screen for a password that must be replaced. */
export const EC_PASSWORD_EXPIRED = '0x13212079';
export const EC_TEMPORARY_PASSWORD = '0x132120c8';
const NEXT_TOKEN_MS = 180_000;
/** An account ID no row has (IDs are UUIDs). */
const NO_ACCOUNT = 'none';

type Verdict = { kind: 'password' } | TokenVerdict;
type SessionKind = StartSession['kind'];
type Attempt = Awaited<ReturnType<TokenStore['findAttempt']>> & {};

/** What the route knows of the browser: its session cookie, its language cookie, and where it is (for the audit). */
export interface BrowserState {
  sessionId: string | undefined;
  locale: string | undefined;
  origin: Origin;
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
  tokenServers: TokenServers;
  sessions: SessionManager;
  cobrands: CobrandDirectory;
  audit: AuditLog;
  identityKey: Buffer;
  temporaryPasswordKey: Buffer;
  clock: Clock;
  publicOrigin: string;
}

export class SignInService {
  private readonly refusals: Refusals;
  private readonly nextTokenStep: NextTokenStep;

  constructor(private readonly deps: SignInDeps) {
    this.refusals = new Refusals(deps);
    this.nextTokenStep = new NextTokenStep(deps, this.refusals);
  }

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
    if (body['login-form-type'] === 'next-token') return this.nextTokenStep.answer(body, browser);
    const { accounts, audit, clock } = this.deps;
    const now = clock();
    const account = await accounts.claimAttempt({ kind: 'ldapId', value: body.username.trim().toLowerCase() }, now);
    if (!account) {
      // The statements a refused try on a real account makes, matching no row: the same work, so the same time.
      await verifyDummy(body.password);
      await this.deps.passwords.findTemporary(NO_ACCOUNT, now);
      await audit.record('signin.failure', null, { reason: 'unavailable' }, { origin: browser.origin });
      await accounts.lockIfExhausted(NO_ACCOUNT, now);
      return null;
    }
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    const federation = await this.federation(account, record, browser);
    if (federation === 'at provider') {
      // The bank's provider is the only way in for its users: a password here is not even a try, so it cannot lock them.
      await verifyDummy(body.password);
      await accounts.releaseAttempt(account.id, now);
      const detail = { reason: 'signs in at the identity provider' };
      await audit.record('signin.failure', account.id, detail, { origin: browser.origin });
      return null;
    }
    const checked = await this.refusals.unlessUnavailable(account, now, browser.origin, async () => {
      const server = this.tokenServerOf(account, record);
      return (await this.holdForPin(account, server, body, browser, now)) ?? this.check(account, server, body, now);
    });
    if (checked === 'held') return { location: newPinLocation(account.cobrand) };
    if (!checked) return this.refusals.refuse(account, now, browser.origin);
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
      await audit.record('signin.failure', account.id, { reason: 'locked meanwhile' }, { origin: browser.origin });
      return null;
    }
    await audit.record('signin.success', account.id, { step: verdict.kind }, { origin: browser.origin });
    return this.decide(checked.account, verdict, browser.locale, now, federation === 'token step');
  }

  /**
   * A user of a cobrand with an identity provider signs in there; only a token user the provider has just signed in
   * (a session of kind `sso_token`) comes here, for the token step.
   */
  private async federation(
    account: AccountRow,
    record: CobrandRecord,
    browser: BrowserState,
  ): Promise<'none' | 'at provider' | 'token step'> {
    if (!record.identityProvider) return 'none';
    const session = await this.deps.sessions.find(browser.sessionId, ['sso_token']);
    return session?.account_id === account.id && account.login_type === 'token' ? 'token step' : 'at provider';
  }

  /** The token server of a token user's cobrand; null for a password user. */
  private tokenServerOf(account: AccountRow, record: CobrandRecord): TokenServer | null {
    return account.login_type === 'token' ? this.deps.tokenServers.for(record.tokenServer) : null;
  }

  /**
   * The new-PIN screen signs in with the next tokencode before it sends the PIN (§4), while the bank's token server
   * asks for the PIN first: the code is held, sealed, for the server's challenge after the PIN, and the session stays.
   */
  private async holdForPin(
    account: AccountRow,
    server: TokenServer | null,
    body: SendLoginBody,
    browser: BrowserState,
    now: number,
  ): Promise<'held' | undefined> {
    if (server?.kind !== 'radius' || body['login-form-type'] !== 'token') return undefined;
    const session = await this.deps.sessions.find(browser.sessionId, ['new_pin']);
    const challenge =
      session?.account_id === account.id ? await this.deps.tokens.findPinChallenge(account.id, now) : undefined;
    if (!challenge) return undefined;
    await verifyDummy(body.password);
    await this.deps.tokens.updateAttempt(challenge.id, {
      held_passcode: seal(this.deps.tokenKeys.seal, body.password),
    });
    await this.deps.accounts.releaseAttempt(account.id, now);
    return 'held';
  }

  private async check(
    account: AccountRow,
    server: TokenServer | null,
    body: SendLoginBody,
    now: number,
  ): Promise<{ account: AccountRow; verdict: Verdict } | null> {
    if (body['login-form-type'] !== account.login_type) {
      await verifyDummy(body.password);
      return null;
    }
    if (server) {
      const { tokens, tokenKeys } = this.deps;
      const verdict = await checkTokenAt(server, tokens, tokenKeys, account, body.password, now);
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

  /** The bank's token server's new-PIN challenge, kept for the screen's Save (the PIN, then the held tokencode). */
  private pinChallenge(account: AccountRow, serverState: Buffer, now: number): Attempt {
    return {
      id: newId(),
      account_id: account.id,
      purpose: 'new_pin',
      server_state: this.sealState(serverState),
      held_passcode: null,
      in_response_to: '',
      referral_path: '',
      after_step: 0,
      expires_at: now + NEXT_TOKEN_MS,
      created_at: now,
    };
  }

  private sealState(state: Buffer): string {
    return sealState(this.deps.tokenKeys.seal, state);
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
    if (verdict.kind === 'new_pin') {
      if (verdict.serverState)
        await this.deps.tokens.createAttempt(this.pinChallenge(account, verdict.serverState, now));
      return go(newPinLocation(cobrand), 'new_pin');
    }
    if (verdict.kind === 'next_token') {
      const attempt = {
        id: newId(),
        account_id: account.id,
        purpose: 'next_token' as const,
        server_state: verdict.serverState ? this.sealState(verdict.serverState) : null,
        held_passcode: null,
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
      return go(`${routePath('change-password-component')}?ec=${ec}&${query(cobrand)}`, 'change_password');
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

const query = (cobrand: string) => `cobrandHost=${encodeURIComponent(cobrand)}`;
const newPinLocation = (cobrand: string) => `${routePath('new-rsa-pin-component')}?${query(cobrand)}`;
