/**
 * §7's sign-in sequence as the service sees it (ARCHITECTURE §4): it claims the try, has the account's sign-in method
 * (method.ts, registered in app.ts) do its equal work and decide, and decides where the browser goes. It names no
 * method. Every refusal (unknown user, wrong secret, locked, inactive, wrong login type) does the same work and gives
 * the same answer.
 */
import { DEFAULT_LOCALE, isLocale, routePath, type LoginInfo } from '@portal/contract';
import type { SendLoginBody } from '@portal/contract/schemas';
import { type AccountStore, ldapIdFor, type PasswordStore, userIdKey } from '../account/index.js';
import type { Clock } from '../clock.js';
import type { CobrandDirectory } from '../cobrand/index.js';
import type { AuditLog } from '../db/audit-log.js';
import { checkedRedirect } from '../security/redirects.js';
import type { SessionManager, StartSession } from '../session/index.js';
import type { TokenKeys, TokenServers, TokenStore } from '../token/index.js';
import { EqualWork } from './equal-work.js';
import type { BrowserState, SignInDecision } from './decision.js';
import type { MethodFactory, MethodTry, Passed, SignInMethod } from './method.js';
import { cobrandQuery, homeOf } from './locations.js';
import type { Deps as MethodDeps } from './methods/index.js';
import { NextTokenStep } from './next-token-step.js';
import { Refusals } from './refusals.js';

export type { BrowserState, SignInDecision } from './decision.js';

/** §8 external codes carried in `ec` to the change-password screen for a password that must be replaced. */
export const EC_PASSWORD_EXPIRED = '0x13212079';
export const EC_TEMPORARY_PASSWORD = '0x132120c8';

export interface SignInDeps extends MethodDeps {
  accounts: AccountStore;
  passwords: PasswordStore;
  tokens: TokenStore;
  tokenKeys: TokenKeys;
  tokenServers: TokenServers;
  sessions: SessionManager;
  cobrands: CobrandDirectory;
  audit: AuditLog;
  identityKey: Buffer;
  clock: Clock;
  publicOrigin: string;
  /** The sign-in methods, in the order they are asked whether they serve an account (app.ts registers them). */
  methods: readonly MethodFactory<MethodDeps>[];
}

export class SignInService {
  private readonly refusals: Refusals;
  private readonly work: EqualWork;
  private readonly nextTokenStep: NextTokenStep;

  constructor(private readonly deps: SignInDeps) {
    this.refusals = new Refusals(deps);
    const registered: SignInMethod[] = [];
    registered.push(...deps.methods.map((make) => make(deps, () => registered)));
    this.work = new EqualWork(registered);
    this.nextTokenStep = new NextTokenStep(deps, this.refusals, this.work);
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
    const form = body['login-form-type'];
    if (form === 'next-token') return this.nextTokenStep.answer(body, browser);
    const { accounts, audit, clock } = this.deps;
    const now = clock();
    const account = await accounts.claimAttempt({ kind: 'ldapId', value: body.username.trim().toLowerCase() }, now);
    if (!account) {
      await this.work.onNobody(form, body.password, now);
      return this.refusals.refuseUnclaimed(now, browser.origin);
    }
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    const attempt: MethodTry = { account, record, form, secret: body.password, browser, now };
    const answer = await this.refusals.unlessUnavailable(account, now, browser.origin, () => this.work.ask(attempt));
    if (answer?.kind === 'aside') return this.refusals.setAside(account, now, browser.origin, answer);
    if (!answer) return this.refusals.refuse(account, now, browser.origin);
    const changes = { ...(answer.rehashed ? { passwordHash: answer.rehashed } : {}), signedIn: answer.complete };
    if (!(await accounts.clearFailures(account.id, now, changes))) {
      await audit.record('signin.failure', account.id, { reason: 'locked meanwhile' }, { origin: browser.origin });
      return null;
    }
    await audit.record('signin.success', account.id, { step: answer.step }, { origin: browser.origin });
    return this.decide(answer, browser.locale, now);
  }

  /** Where a signed-in user goes, and the session (full, or one restricted to that screen) that opens for it. */
  private async decide(passed: Passed, cookieLocale: string | undefined, now: number): Promise<SignInDecision> {
    const { account } = passed;
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    const cobrand = record.cobrand.name;
    const locale = isLocale(cookieLocale) ? cookieLocale : DEFAULT_LOCALE;
    const go = (location: string, kind: StartSession['kind']): SignInDecision => ({
      location,
      open: { accountId: account.id, kind, cobrand, locale, sso: passed.federated === true },
    });
    if (passed.next) {
      const next = await passed.next();
      return go(next.location, next.kind);
    }
    if (account.password_state !== 'current') {
      if (account.password_state === 'temporary') await this.deps.accounts.spendTemporaryPassword(account.id, now);
      const ec = account.password_state === 'temporary' ? EC_TEMPORARY_PASSWORD : EC_PASSWORD_EXPIRED;
      return go(`${routePath('change-password-component')}?ec=${ec}&${cobrandQuery(cobrand)}`, 'change_password');
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
