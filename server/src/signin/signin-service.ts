/**
 * §7's sign-in sequence as the service sees it (ARCHITECTURE §4): it claims the try, has the account's sign-in method
 * (method.ts, registered in app.ts) do its equal work and decide, and decides where the browser goes. It names no
 * method. Every refusal (unknown user, wrong secret, locked, inactive, wrong login type) does the same work and gives
 * the same answer.
 */
import { DEFAULT_COBRAND, DEFAULT_LOCALE, isLocale, routePath, trimmed, type LoginInfo } from '@portal/contract';
import type { SendLoginBody } from '@portal/contract/schemas';
import { type AccountKey, ldapIdFor, userIdKey } from '../account/index.js';
import type { Clock } from '../clock.js';
import type { DeviceNotices, DeviceStore } from '../device/index.js';
import { checkedRedirect } from '../security/redirects.js';
import type { StartSession } from '../session/index.js';
import type { Origin } from '../db/audit-log.js';
import {
  type Answer,
  type BrowserState,
  cobrandQuery,
  type FurtherStep,
  homeOf,
  isSignInForm,
  type MethodMaker,
  type MethodTry,
  type Passed,
  type SignInDecision,
  type SignInForm,
  type SignInGate,
  type SignInMethod,
} from '../signin-kernel/index.js';
import type { AccountStore } from '../account/index.js';
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import type { AuditLog } from '../db/audit-log.js';
import type { CobrandDirectory } from '../cobrand/index.js';
import { EqualWork } from './equal-work.js';
import { type Claim, type Claimed, claimTry, isLocked } from './claims.js';
import { Refusals } from './refusals.js';
import { CobrandTries, pageLabel } from './cobrand-tries.js';
import { type UserIdSpread, UserIdsPerAddress } from './user-ids-per-address.js';

export type { BrowserState, SignInDecision } from '../signin-kernel/index.js';

/** Where a sign-in goes instead of its destination (`SignInDeps.onward`). */
export type Onward = (
  open: StartSession,
  location: string,
  cookies: Readonly<Record<string, string | undefined>>,
) => Promise<string>;

/** §8 external codes carried in `ec` to the change-password screen for a password that must be replaced. */
export const EC_PASSWORD_EXPIRED = '0x13212079';
export const EC_TEMPORARY_PASSWORD = '0x132120c8';
/** The portal's own code (§8 has none): the password is right but known from a breach, which the screen says. */
export const EC_PASSWORD_BREACHED = 'breached';

/** The stores and services the sign-in and its methods use, the keys, and the registered methods. */
export interface SignInDeps {
  accounts: AccountStore;
  audit: AuditLog;
  cobrands: CobrandDirectory;
  publicOrigin: string;
  identityKey: Buffer;
  clock: Clock;
  /** The browsers the accounts have signed in from, and what their trust tells and records. */
  devices: DeviceStore;
  deviceNotices: DeviceNotices;
  /**
   * The sign-in methods, in the order they are asked whether they serve an account, each made with its own deps by the
   * composition (sign-in-modules.ts): the service knows them only by the kernel's interface.
   */
  methods: readonly MethodMaker[];
  /** The gates a sign-in passed on a password alone must clear on a browser the account has not trusted (gate.ts). */
  gates?: readonly SignInGate[];
  /**
   * Where a sign-in that opens `open` goes instead of its destination, given the browser's cookies: a page put first
   * (the passkey offer, wired in app.ts, and given to single sign-on too), or the destination itself.
   */
  onward?: Onward;
}

/** The decision with its session opened on `device` (a trusted device of the account), when it opens one. */
const onDevice = (decision: SignInDecision, device: string | undefined): SignInDecision =>
  decision.open && device ? { ...decision, open: { ...decision.open, device } } : decision;

export class SignInService {
  private readonly refusals: Refusals;
  private readonly work: EqualWork;
  private readonly further: FurtherStep[];
  private readonly routed: SignInMethod[];
  /** Tries by cobrand and result (cobrand-tries.ts), for the metrics. */
  readonly cobrandTries = new CobrandTries();
  private readonly userIds = new UserIdsPerAddress();

  constructor(private readonly deps: SignInDeps) {
    this.refusals = new Refusals(deps);
    const registered: SignInMethod[] = [];
    registered.push(...deps.methods.map((make) => make(() => registered)));
    this.work = new EqualWork(registered);
    this.further = registered.flatMap((method) => (method.further ? [method.further] : []));
    this.routed = registered.filter((method) => method.route);
  }

  /** The same lookups and the same shape for every user ID, known or not (ARCHITECTURE §4). */
  async loginInfo(username: string): Promise<LoginInfo> {
    // Folded by the account capability alone, as every lookup of a typed user ID is: NFKC, no invisible characters,
    // any case (`userIdKey`, `lookupKeys`); an unknown ID's ldapId is made from the same key.
    const account = await this.deps.accounts.findByUserId(username);
    return {
      ldapId: account?.ldap_id ?? ldapIdFor(this.deps.identityKey, username),
      loginType: account?.login_type ?? 'password',
      // The ID as typed, without the spaces around it (as the sign-in form drops them): an echo, not a key.
      b2BAlias: trimmed(username),
    };
  }

  /** Decides a send-login: null refuses it; otherwise where to go, and which session to open for it. */
  async signIn(body: SendLoginBody, browser: BrowserState): Promise<SignInDecision | null> {
    const form = body['login-form-type'];
    const page = await this.pageOf(body.cobrandHost);
    const decision = isSignInForm(form)
      ? await this.firstStep(form, body, browser, page)
      : await this.furtherStep(form, body, browser, page);
    this.cobrandTries.decided(pageLabel(body.cobrandHost, page), decision);
    return decision;
  }

  /** The distinct user IDs the client addresses tried in the last five minutes (user-ids-per-address.ts). */
  userIdSpread(): UserIdSpread {
    return this.userIds.reading(this.deps.clock());
  }

  /** The user ID and the secret of the account's method: claimed, worked, asked, decided. */
  private async firstStep(form: SignInForm, body: SendLoginBody, browser: BrowserState, page: string) {
    const now = this.deps.clock();
    // The ldapId is folded as a user ID is: in its one form (only hex digits, so only case changes).
    const by = { kind: 'ldapId' as const, value: userIdKey(body.username) };
    this.userIds.tried(browser.origin.address, by.value, now);
    const claimed = await claimTry(this.deps, by, browser.deviceId, now);
    if (!claimed || isLocked(claimed)) {
      await this.work.onNobody(form, body.password, now, page);
      return this.unclaimed(claimed, by, now, browser);
    }
    const { record } = await this.deps.cobrands.resolve(claimed.account.cobrand);
    const attempt: MethodTry = { account: claimed.account, record, form, secret: body.password, browser, now, page };
    return this.conclude(claimed, attempt, () => this.work.ask(attempt));
  }

  /**
   * The cobrand whose page a try was made on: send-login's `cobrandHost` (the sign-in page sends its own), the default
   * cobrand when it names none. Its imported hashes set the work of the try (password/legacy-pad.ts), whoever it names.
   */
  private async pageOf(cobrandHost: string | undefined): Promise<string> {
    return (await this.deps.cobrands.resolve(cobrandHost)).record.cobrand.name;
  }

  /**
   * Refused before any method is asked: a trusted device that used its six tries, or no account claimed on what `by`
   * names (none, or one locked, inactive or out of tries).
   */
  private unclaimed(claimed: Claimed, by: AccountKey | undefined, now: number, browser: BrowserState) {
    if (isLocked(claimed)) return this.refusals.refuseLockedDevice(claimed.locked, browser.origin);
    return this.refusals.refuseUnclaimed(by, now, browser.origin);
  }

  /**
   * A try on a method's own route (a passkey's assertion, which names its account itself): claimed, worked, asked and
   * decided as a form's, with the same answer and the same work for an account that is unknown, locked or inactive.
   */
  async signInOnRoute(route: string, secret: string, browser: BrowserState): Promise<SignInDecision | null> {
    const method = this.routed.find((candidate) => candidate.route?.name === route);
    if (!method?.route) throw new Error(`no registered sign-in method answers the ${route} route`);
    const now = this.deps.clock();
    const owner = await method.route.owner(secret);

    const by = owner ? { kind: 'id' as const, value: owner } : undefined;
    const claimed = by ? await claimTry(this.deps, by, browser.deviceId, now) : undefined;
    // A route's try carries no page: its methods' work does not depend on one.
    const page = DEFAULT_COBRAND;
    if (!claimed || isLocked(claimed)) {
      await this.work.onNobodyOwn(method, secret, now, page);
      return this.counted(page, await this.unclaimed(claimed, by, now, browser));
    }
    const { record } = await this.deps.cobrands.resolve(claimed.account.cobrand);
    const attempt: MethodTry = { account: claimed.account, record, form: route, secret, browser, now, page };
    return this.counted(
      record.cobrand.name,
      await this.conclude(claimed, attempt, () => this.work.askOwn(method, attempt)),
    );
  }

  /** A route's try counted by cobrand: refused under its account's (the default's when it names none). */
  private counted(cobrand: string, decision: SignInDecision | null): SignInDecision | null {
    this.cobrandTries.decided(cobrand, decision);
    return decision;
  }

  /** A claimed try's answer: set aside, refused and counted, or passed (the failures cleared, audited, decided). */
  private async conclude(claimed: Claim, attempt: MethodTry, ask: () => Promise<Answer>) {
    const { audit } = this.deps;
    const { account, browser, now } = attempt;
    const answer = await this.refusals.unlessUnavailable(claimed, now, browser.origin, ask);
    if (answer?.kind === 'aside') return this.refusals.setAside(claimed, now, browser.origin, answer);
    if (!answer) return this.refusals.refuse(claimed, now, browser.origin, 'credentials', attempt.form);
    const gate = await this.gateFor(answer, attempt, claimed);
    if (gate) return this.held(gate, claimed, answer, attempt);
    const changes = { ...(answer.rehashed ? { passwordHash: answer.rehashed } : {}), signedIn: answer.complete };
    const trust = await this.newTrust(answer, claimed, browser, now);
    let trusted: string | undefined;
    const alongside = trust && (async (trx: Transaction<Database>) => (trusted = await trust.write(trx)));
    const success = { origin: browser.origin, step: answer.step, alongside };
    if (!(await this.refusals.passed(claimed, now, changes, success))) {
      await audit.record('signin.failure', account.id, { reason: 'locked meanwhile' }, { origin: browser.origin });
      return null;
    }
    trust?.send();
    if (answer.mustChange) await this.flagForChange(answer, browser.origin, now);
    const decision = await this.decide(answer, browser, now);
    return this.trusting(decision, claimed, browser, now, answer.trustsBrowser, trusted);
  }

  /**
   * The trust of a new browser this passed try opens a full session on (or proved the user's), made ready to commit
   * with the try's counts and event (docs/benchmarks.md, figure 15), where `trusting` would write it on its own.
   */
  private async newTrust(passed: Passed, claim: Claim, browser: BrowserState, now: number) {
    if (claim.device || !(passed.trustsBrowser || opensFull(passed))) return undefined;
    return this.deps.deviceNotices.newTrust(passed.account, localeOf(browser), browser.origin, now);
  }

  /** The first registered gate that holds a sign-in passed on a password alone from a browser the account has not trusted. */
  private async gateFor(passed: Passed, attempt: MethodTry, claim: Claim): Promise<SignInGate | undefined> {
    if (!passed.knowledgeOnly || claim.device) return undefined;
    for (const gate of this.deps.gates ?? []) if (await gate.holds(passed, attempt)) return gate;
    return undefined;
  }

  /**
   * Held by a gate: the try is given back (the count neither cleared nor raised, so the gate's wrong answers add to
   * the wrong tries before it), a password that must change is flagged, and the browser goes to the gate's screen in a
   * session restricted to it. The gate audits what it did; nothing is trusted, and it is not a sign-in yet.
   */
  private async held(gate: SignInGate, claim: Claim, passed: Passed, attempt: MethodTry) {
    const { origin } = attempt.browser;
    if (!(await this.refusals.giveBack(claim, attempt.now))) {
      await this.deps.audit.record('signin.failure', claim.account.id, { reason: 'locked meanwhile' }, { origin });
      return null;
    }
    if (passed.mustChange) await this.flagForChange(passed, origin, attempt.now);
    const screen = await gate.hold(passed, attempt);
    const open = this.opening(passed, attempt.browser, screen.kind, attempt.record.cobrand.name);
    return { location: screen.location, open: screen.sessionId ? { ...open, rawId: screen.sessionId } : open };
  }

  /** A further request of a sign-in a method left waiting: claimed and worked here; the method's step decides. */
  private async furtherStep(form: string, body: SendLoginBody, browser: BrowserState, page: string) {
    const step = this.further.find((candidate) => candidate.form === form);
    if (!step) throw new Error(`no registered sign-in method answers the ${form} form`);
    const now = this.deps.clock();
    const by = { kind: 'userId' as const, value: body.username };
    const claimed = await claimTry(this.deps, by, browser.deviceId, now);
    const claim = claimed && !isLocked(claimed) ? claimed : undefined;
    const waiting = claim ? await step.waiting(claim.account, body, browser, now) : undefined;
    if (!claim || waiting === undefined) {
      await this.work.onNobody(step.continues, body.password, now, page);
      if (isLocked(claimed)) return this.refusals.refuseLockedDevice(claimed.locked, browser.origin);
      return claim
        ? this.refusals.refuse(claim, now, browser.origin)
        : this.refusals.refuseUnclaimed(by, now, browser.origin);
    }
    const { account } = claim;
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    const attempt: MethodTry = { account, record, form: step.continues, secret: body.password, browser, now, page };
    return this.refusals.unlessUnavailable(claim, now, browser.origin, async () => {
      await this.work.onAccount(attempt, body.password, now, page);
      const decision = await step.answer(waiting, attempt, this.refusals.countedFor(claim));
      return decision && this.trusting(decision, claim, browser, now);
    });
  }

  /**
   * A sign-in that opens the platform, by any method or step, goes first where `onward` says (the passkey offer), and
   * trusts its browser (docs/decisions.md, "Device trust"): a trusted device's cookie is renewed; an unknown one
   * becomes a trusted device of the account, told of by mail in the language it signed in in. A half-way session (a
   * password or PIN to set, a token step to come) goes to its screen and trusts nothing yet, unless the step proved the
   * browser the user's (`proved`: a mailed code), which is trusted at once. The session opens on its
   * trusted device, if any: a lock on unknown devices leaves it alone.
   */
  private async trusting(
    decision: SignInDecision,
    claim: Claim,
    browser: BrowserState,
    now: number,
    proved = false,
    trusted?: string,
  ) {
    const { open } = decision;
    if (!open || (open.kind !== 'full' && !proved)) return onDevice(decision, claim.device);
    const location = open.kind === 'full' ? await this.onward(open, decision.location, browser) : decision.location;
    const device =
      claim.device ??
      trusted ??
      (await this.deps.deviceNotices.trustNew(claim.account, open.locale, browser.origin, now));
    return { ...onDevice(decision, device), location, device };
  }

  private async onward(open: StartSession, location: string, browser: BrowserState): Promise<string> {
    return (await this.deps.onward?.(open, location, browser.cookies ?? {})) ?? location;
  }

  /**
   * A right password that must be changed (known from a breach) is expired, with its reason audited, so that this and
   * every later sign-in lead to change password until it is changed, whatever the range service answers then.
   */
  private async flagForChange(passed: Passed, origin: Origin, now: number): Promise<void> {
    const { account } = passed;
    if (account.password_state === 'current') {
      const event = {
        kind: 'account.password.expired' as const,
        accountId: account.id,
        detail: { reason: passed.mustChange! },
      };
      await this.deps.audit.recordWith(event, origin, (trx) =>
        this.deps.accounts.expirePassword(account.user_id_key, now, trx),
      );
      passed.account = { ...account, password_state: 'expired' };
    }
  }

  /** The session a passed sign-in opens, of `kind`, in the browser's language. */
  private opening(passed: Passed, browser: BrowserState, kind: StartSession['kind'], cobrand: string): StartSession {
    const sso = passed.federated === true;
    return { accountId: passed.account.id, kind, cobrand, locale: localeOf(browser), sso, method: passed.step };
  }

  /** Where a signed-in user goes, and the session (full, or one restricted to that screen) that opens for it. */
  private async decide(passed: Passed, browser: BrowserState, now: number): Promise<SignInDecision> {
    const { account } = passed;
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    const cobrand = record.cobrand.name;
    const go = (location: string, kind: StartSession['kind']): SignInDecision => ({
      location,
      open: this.opening(passed, browser, kind, cobrand),
    });
    if (passed.next) {
      const next = await passed.next();
      return go(next.location, next.kind);
    }
    if (account.password_state !== 'current') {
      if (account.password_state === 'temporary') await this.deps.accounts.spendTemporaryPassword(account.id, now);
      const ec = account.password_state === 'temporary' ? EC_TEMPORARY_PASSWORD : expiredCode(passed);
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

/** The language a session opens in: the browser's, when it is one of ours. */
const localeOf = (browser: BrowserState) => (isLocale(browser.locale) ? browser.locale : DEFAULT_LOCALE);

/**
 * Whether a passed try goes straight to the platform (`decide`'s full session): no further step of its method, and a
 * password that need not be changed (a breached one is expired by `flagForChange` before `decide`).
 */
const opensFull = (passed: Passed) => !passed.next && !passed.mustChange && passed.account.password_state === 'current';

/**
 * Why an expired password is to be changed, for the screen to say: known from a breach (found so again at this
 * sign-in), or expired. A breached password whose check cannot answer this time reads as expired, which it also is.
 */
const expiredCode = (passed: Passed) => (passed.mustChange === 'breached' ? EC_PASSWORD_BREACHED : EC_PASSWORD_EXPIRED);
