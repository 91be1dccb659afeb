/**
 * A sign-in method (password, the portal's tokens, the bank's token server, single sign-on's token step, and later a
 * passkey) as the sign-in service asks it. The service claims the try, has the method do its equal work once,
 * asks it for a verdict and decides; it never names a method. Each method lives in its capability's folder and is
 * listed once, in sign-in-modules.ts.
 */
import type { AccountRow } from '../account/index.js';
import type { CobrandRecord } from '../cobrand/index.js';
import type { StartSession } from '../session/index.js';
import type { SendLoginBody } from '@portal/contract/schemas';
import type { Origin } from '../db/audit-log.js';
import type { BrowserState, SignInDecision } from './decision.js';

/** The sign-in form's `login-form-type` that carries a method's secret (a further step's form is the step's own). */
export type SignInForm = 'password' | 'token';
export const isSignInForm = (form: string): form is SignInForm => form === 'password' || form === 'token';

/** The account a try's work is done on, and its cobrand's record. */
export interface WorkSubject {
  account: AccountRow;
  record: CobrandRecord;
}

/** One claimed try, as a method sees it. */
export interface MethodTry {
  account: AccountRow;
  record: CobrandRecord;
  /**
   * The form the browser sent (or the own route the try came by), and its secret (a password, PIN + tokencode, a
   * tokencode, or a passkey's assertion).
   */
  form: SignInForm | string;
  secret: string;
  browser: BrowserState;
  now: number;
  /** The cobrand whose sign-in page the try was made on (send-login's `cobrandHost`), whichever the account's is. */
  page: string;
}

/** A screen of the method's own that the sign-in goes on to, and the session restricted to it. */
export interface NextScreen {
  location: string;
  kind: StartSession['kind'];
  /** The raw ID the restricted session opens under, chosen by a step bound to that session (a gate's code). */
  sessionId?: string;
}

/** The secret was right: the service clears the failures, audits `step`, and opens a session. */
export interface Passed {
  kind: 'passed';
  /** The step as the audit names it (`signin.success`'s `step`). */
  step: string;
  /** False while the method waits for a further step: the try does not count as the account's last sign-in yet. */
  complete: boolean;
  /** The account as it stands after the check (a temporary password used changes it). */
  account: AccountRow;
  /** A new hash of the secret, to replace one made with yesterday's parameters. */
  rehashed?: string;
  /** Why the password, though right, must be changed now: the sign-in leads to change password, as an expired one. */
  mustChange?: 'breached';
  /**
   * Passed on something the user knows alone (a password, not a mailed temporary one), which a breach elsewhere can
   * give away: from a browser the account has not trusted, a gate (gate.ts) may hold it. Unset: the step proved more.
   */
  knowledgeOnly?: boolean;
  /**
   * The step proved this browser is the user's (a code mailed to the account): it becomes a trusted device at once,
   * even when the sign-in goes on to a restricted screen (change password) rather than opening a full session.
   */
  trustsBrowser?: boolean;
  /** Signed in by the bank's identity provider before this step (the session is marked so, for logout). */
  federated?: boolean;
  /** The method's own next screen; none: the service's usual (change password when due, else home). */
  next?: () => Promise<NextScreen>;
}

/**
 * Not a try: the claimed try is given back, nothing is counted. `reason` refuses it (audited); `location` sends the
 * browser on without a session of its own.
 */
export interface Aside {
  kind: 'aside';
  reason?: string;
  location?: string;
}

/** null: refused, and counted toward the lock. */
export type Answer = Passed | Aside | null;

/**
 * The one interface of a sign-in method. `equalWork` is the equal-work rule (security checklist 2 and 15): the service
 * calls it exactly once for every try, asked or refused, so no path of a method can skip or double it.
 */
export interface SignInMethod<Work = unknown> {
  /** For the reader and the logs; the audit names steps, not methods. */
  readonly name: string;
  /** The form that carries this method's secret; null: the method hands the form to other methods. */
  readonly form: SignInForm | null;
  /** Whether this method signs in `account` of `record`'s cobrand: the first registered that does, does. */
  serves(account: AccountRow, record: CobrandRecord): boolean;
  /**
   * The costly work of one try (an argon2 verify, say): on the account's secret, or (`on` null) on a dummy, with the
   * same cost, so that time tells no account, state or method apart. What it found goes to `verify`. `page`: the
   * cobrand whose sign-in page the try was made on, which may set the work (the password method's imported hashes).
   */
  equalWork(secret: string, on: WorkSubject | null, now: number, page: string): Promise<Work>;
  /** Decides the try on the work done; it does no costly work of its own. */
  verify(attempt: MethodTry, work: Work): Promise<Answer>;
  /** A further request this method's sign-ins may wait for, with a form of its own (the token methods' next token). */
  readonly further?: FurtherStep;
  /** Tries that arrive on a route of their own (a passkey's assertion) rather than in the sign-in form. */
  readonly route?: OwnRoute;
}

/**
 * A method's own route: its try names no user ID, only a secret from which the method reads whose it is (a passkey's
 * credential). The service claims that account's try, or does the method's work on nobody.
 */
export interface OwnRoute {
  readonly name: string;
  /** The ID of the account the secret names, by a cheap lookup; undefined for none. */
  owner(secret: string): Promise<string | undefined>;
}

/**
 * How a further step counts on its sign-in's claim (the account's count for unknown devices, or a trusted device's):
 * a wrong answer, true when it used the last try (locked); a right one, false when the count locked meanwhile.
 */
export interface CountedRefusals {
  refuseLocking(account: AccountRow, now: number, origin: Origin): Promise<boolean>;
  passed(account: AccountRow, now: number): Promise<boolean>;
}

/**
 * A further request of a sign-in that a method left waiting (§7's next token). The service claims the try and does
 * the equal work of the account's method (or, when nothing waits, of the continued form's method on nobody); the step
 * finds what waits and decides.
 */
export interface FurtherStep<Waiting = unknown> {
  /** The further request's `login-form-type`. */
  readonly form: string;
  /** The form of the sign-in it continues. */
  readonly continues: SignInForm;
  /** What waits for this request, for the claimed account and this browser; none: refused. */
  waiting(account: AccountRow, body: SendLoginBody, browser: BrowserState, now: number): Promise<Waiting | undefined>;
  /** Decides the request, its work done: where the browser goes, or null (refused). */
  answer(waiting: Waiting, attempt: MethodTry, refusals: CountedRefusals): Promise<SignInDecision | null>;
}

/**
 * How a capability offers its method: made once with its own deps and, for a method that hands a try on (single
 * sign-on's token step), the registered methods as they stand once all are made.
 */
export type MethodFactory<Deps = never> = (deps: Deps, registered: () => readonly SignInMethod[]) => SignInMethod;
/** A method's factory with its deps given (by the composition): what the sign-in service makes its methods from. */
export type MethodMaker = (registered: () => readonly SignInMethod[]) => SignInMethod;
/** Binds a method's factory to its deps. */
export const withDeps =
  <Deps>(factory: MethodFactory<Deps>, deps: Deps): MethodMaker =>
  (registered) =>
    factory(deps, registered);
