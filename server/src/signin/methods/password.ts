/**
 * The password method (§7): the account's password, or a pending temporary password (§4's recovery) by its digest.
 * Its equal work is one argon2 verify and one look for a temporary password, for a real account or for none.
 */
import {
  type AccountRow,
  type AccountStore,
  matchesTemporaryPassword,
  type PasswordStore,
} from '../../account/index.js';
import { hashSecret, needsRehash, verifyDummy, verifySecret } from '../../security/passwords.js';
import type { Answer, MethodTry, SignInMethod } from '../method.js';

/** An account ID no row has (IDs are UUIDs). */
const NO_ACCOUNT = 'none';

type Pending = Awaited<ReturnType<PasswordStore['findTemporary']>>;
interface PasswordWork {
  valid: boolean;
  pending: Pending;
}

export interface PasswordMethodDeps {
  accounts: AccountStore;
  passwords: PasswordStore;
  temporaryPasswordKey: Buffer;
}

export function passwordMethod(deps: PasswordMethodDeps): SignInMethod<PasswordWork> {
  return {
    name: 'password',
    form: 'password',
    serves: (account) => account.login_type === 'password',
    async equalWork(secret, on, now) {
      const account = on?.account;
      // One argon2 verify on every path; a pending temporary password is checked by its digest, in microseconds.
      const valid = account ? await verifySecret(account.password_hash, secret) : await verifyDummy(secret);
      return { valid, pending: await deps.passwords.findTemporary(account?.id ?? NO_ACCOUNT, now) };
    },
    verify: (attempt, work) => verifyPassword(deps, attempt, work),
  };
}

async function verifyPassword(deps: PasswordMethodDeps, attempt: MethodTry, work: PasswordWork): Promise<Answer> {
  const { account, secret, now } = attempt;
  const { pending } = work;
  const isTemporary = matchesTemporaryPassword(deps.temporaryPasswordKey, account.id, secret, pending?.digest);
  if (work.valid) {
    if (isSpent(account, now)) return null;
    const rehashed = needsRehash(account.password_hash) ? await hashSecret(secret) : undefined;
    return { kind: 'passed', step: 'password', complete: true, account, ...(rehashed ? { rehashed } : {}) };
  }
  if (!pending || !isTemporary) return null;
  const used = await deps.passwords.consumeTemporary(account.id, pending, await hashSecret(secret), now);
  const updated = used ? await deps.accounts.findById(account.id) : undefined;
  return updated ? { kind: 'passed', step: 'password', complete: true, account: updated } : null;
}

/**
 * A temporary password opens one change-password session: the mailed one is spent when it replaces the account's
 * password, an administrator's at its first sign-in (checklist 17). A spent one is an ordinary wrong password.
 */
const isSpent = (account: AccountRow, now: number): boolean =>
  account.password_state === 'temporary' && account.password_expires_at !== null && account.password_expires_at <= now;
