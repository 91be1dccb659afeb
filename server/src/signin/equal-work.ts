/**
 * The equal-work rule, in one place (security checklist 2 and 15): every sign-in try makes one method's equal work
 * exactly once, whether its account is unknown, locked, inactive, of another method, or asked. A method declares its
 * work (SignInMethod.equalWork) and cannot skip it; signin-equal-work.test.ts counts it.
 */
import type { AccountRow } from '../account/index.js';
import type { CobrandRecord } from '../cobrand/index.js';
import {
  type Answer,
  isSignInForm,
  type MethodTry,
  type SignInForm,
  type SignInMethod,
  type WorkSubject,
} from '../signin-kernel/index.js';

export class EqualWork {
  constructor(private readonly methods: readonly SignInMethod[]) {}

  /** A try no account can be claimed for, or one the account cannot use: the work of the method its form names. */
  async onNobody(form: SignInForm, secret: string, now: number, page: string): Promise<void> {
    const method = this.methods.find((candidate) => candidate.form === form && !candidate.route);
    if (!method) throw new Error(`no sign-in method reads the ${form} form`);
    await method.equalWork(secret, null, now, page);
  }

  /** The account's method: its work on the account's secret, then its verdict. Any other form is refused. */
  async ask(attempt: MethodTry): Promise<Answer> {
    const method = this.serving(attempt.account, attempt.record);
    if (!isSignInForm(attempt.form)) throw new Error(`${attempt.form} is no sign-in form`);
    if (!method || (method.form !== null && method.form !== attempt.form)) {
      await this.onNobody(attempt.form, attempt.secret, attempt.now, attempt.page);
      return null;
    }
    const work = await method.equalWork(attempt.secret, attempt, attempt.now, attempt.page);
    return method.verify(attempt, work);
  }

  /**
   * A try on a method's own route: that method's work on the account, or on nobody when the account may not use it
   * (its cobrand's policy), then its verdict.
   */
  async askOwn(method: SignInMethod, attempt: MethodTry): Promise<Answer> {
    if (!method.serves(attempt.account, attempt.record)) {
      await method.equalWork(attempt.secret, null, attempt.now, attempt.page);
      return null;
    }
    const work = await method.equalWork(attempt.secret, attempt, attempt.now, attempt.page);
    return method.verify(attempt, work);
  }

  /** A try on a method's own route that no account can be claimed for: the method's work on nobody. */
  async onNobodyOwn(method: SignInMethod, secret: string, now: number, page: string): Promise<void> {
    await method.equalWork(secret, null, now, page);
  }

  /** A further step of a sign-in the account's method left waiting (§7's next token): that method's work. */
  async onAccount(on: WorkSubject, secret: string, now: number, page: string): Promise<void> {
    const method = this.serving(on.account, on.record);
    if (method) await method.equalWork(secret, on, now, page);
    else await this.onNobody('token', secret, now, page);
  }

  private serving(account: AccountRow, record: CobrandRecord): SignInMethod | undefined {
    // A method of its own route is asked only there: a form's try never goes to it.
    return this.methods.find((candidate) => !candidate.route && candidate.serves(account, record));
  }
}
