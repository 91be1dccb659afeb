/**
 * "Why can't this user sign in?" (issue 49): what stands between a user and their next sign-in, read from the account
 * as it stands, its token, a password reset under way and its trail, each with the operation that clears it (none where
 * the user's own next sign-in does), and a mail to the user that could not be sent (the help desk's "I never got it"). Codes, not sentences: the console says them in the operator's language, and an
 * admin API client reads them as they are.
 */
import { MAX_FAILED_LOGINS } from '@portal/contract';
import type { AccountRow } from './account/index.js';
import { deviceOf, methodOf } from './account-security/index.js';
import type { SignInProblem, SignInTry } from './admin/index.js';
import type { SignInEntry } from './db/audit-log.js';

export interface ProblemSources {
  now: number;
  /** The temporary password a forgotten-password mail sent, while it may still be used. */
  pendingReset(accountId: string): Promise<{ expiresAt: number } | null>;
  /** Whether the user's token waits for a new PIN; null: no token. */
  tokenInNewPinMode(accountId: string): Promise<boolean | null>;
  /** The account's last sign-in tries, newest first. */
  recentTries(accountId: string): Promise<{ success: boolean; address: string | null }[]>;
  /** The newest mail to the address that could not be sent yet, after a try at least. */
  undeliveredMail(
    email: string,
  ): Promise<{ subject: string; created_at: number; attempts: number; last_error: string | null } | null>;
  /** Why the password was last expired, as the audit recorded it ('breached' at a sign-in); null: not recorded. */
  expiredBecause(accountId: string): Promise<string | null>;
  /** The trusted browsers locked after their own six wrong tries (an unlock clears them). */
  lockedDevices(accountId: string): Promise<number>;
  /** The user's cobrand signs in at the bank's identity provider: how many provider subjects are linked to them. */
  ssoLinks(account: AccountRow): Promise<number | null>;
}

/** The addresses the lock's failures came from, newest first, each once: how the help desk tells a typo from an attack. */
const MAX_ADDRESSES = 5;

const time = (at: number | null): string | null => (at === null ? null : new Date(Number(at)).toISOString());
const problem = (code: string, since: number | null, fix: SignInProblem['fix'], more: Partial<SignInProblem> = {}) =>
  ({ code, since: time(since), until: null, fix, detail: {}, ...more }) as SignInProblem;

export async function signInProblems(account: AccountRow, sources: ProblemSources): Promise<SignInProblem[]> {
  const problems: SignInProblem[] = [];
  if (account.deleted_at !== null) problems.push(problem('deleted', account.deleted_at, 'reactivate'));
  else if (account.status === 'inactive') problems.push(problem('inactive', account.updated_at, 'reactivate'));
  if (account.status === 'locked') problems.push(await lockProblem(account, sources));
  const devices = await sources.lockedDevices(account.id);
  if (devices > 0) problems.push(problem('device.locked', null, 'unlock', { detail: { devices } }));
  const links = await sources.ssoLinks(account);
  if (links !== null) problems.push(problem('sso.only', null, null, { detail: { links } }));
  else problems.push(...(await passwordProblems(account, sources)));
  const reset = await sources.pendingReset(account.id);
  if (reset) problems.push(problem('password.reset.sent', null, null, { until: time(reset.expiresAt) }));
  if (account.login_type === 'token' && (await sources.tokenInNewPinMode(account.id)))
    problems.push(problem('token.new.pin', null, null));
  const mail = await sources.undeliveredMail(account.email);
  if (mail) problems.push(mailProblem(mail));
  return problems;
}

async function lockProblem(account: AccountRow, sources: ProblemSources): Promise<SignInProblem> {
  const failures = [];
  for (const tried of await sources.recentTries(account.id)) {
    if (tried.success) break;
    failures.push(tried);
  }
  const addresses = [...new Set(failures.flatMap(({ address }) => (address ? [address] : [])))];
  const failedAttempts = Number(account.failed_attempts);
  const detail = {
    failedAttempts,
    addresses: addresses.slice(0, MAX_ADDRESSES).join(', '),
    // Six failures from browsers not the user's lock those browsers only; any other lock (an operator's) every one.
    lockedFor: failedAttempts >= MAX_FAILED_LOGINS ? 'unknown-devices' : 'every-device',
  };
  return problem('locked', account.locked_at, 'unlock', { detail });
}

/** The mail server's last answer is kept short: enough to tell a refused address from a server away. */
const ERROR_MAX = 200;

/** Not what stops a sign-in, but the help desk's "I never got the mail": the portal keeps trying; the address may be wrong. */
const mailProblem = (mail: { subject: string; created_at: number; attempts: number; last_error: string | null }) =>
  problem('mail.failed', Number(mail.created_at), null, {
    detail: {
      subject: mail.subject,
      attempts: Number(mail.attempts),
      error: (mail.last_error ?? '').slice(0, ERROR_MAX),
    },
  });

async function passwordProblems(account: AccountRow, sources: ProblemSources): Promise<SignInProblem[]> {
  const { now } = sources;
  const changed = account.password_changed_at;
  if (account.password_state === 'expired') {
    const breached = (await sources.expiredBecause(account.id)) === 'breached';
    return [problem(breached ? 'password.breached' : 'password.expired', changed, null)];
  }
  if (account.password_state !== 'temporary') return [];
  const until = account.password_expires_at === null ? null : Number(account.password_expires_at);
  if (until !== null && until <= now) return [problem('password.temporary.expired', until, 'reset-password')];
  return [problem('password.temporary', changed, null, { until: time(until) })];
}

/**
 * The user's last sign-in tries as the help desk reads them: when, how, why a refusal was made (the audit's own word,
 * which the console says in the operator's language), whether from a trusted browser, which browser and address.
 */
export const signInTries = (entries: SignInEntry[]): SignInTry[] =>
  entries.map((entry) => {
    const { reason, device } = entry.detail;
    return {
      at: new Date(entry.at).toISOString(),
      success: entry.success,
      method: methodOf(entry),
      reason: !entry.success && typeof reason === 'string' ? reason : null,
      device: device === 'trusted' || device === 'unknown' ? device : null,
      ...deviceOf(entry.userAgent),
      address: entry.address,
    };
  });
