/**
 * The password method (§7): the account's password, or a pending temporary password (§4's recovery) by its digest.
 * Its equal work is one argon2 verify and one look for a temporary password, for a real account or for none; an
 * imported hash (account/imported-hashes.ts) adds its scheme's own check, and every try then waits the same
 * (legacy-pad.ts).
 */
import {
  type AccountRow,
  type AccountStore,
  type BreachedPasswords,
  importedHashClass,
  matchesTemporaryPassword,
  type PasswordStore,
  verifyImportedHash,
} from '../../account/index.js';
import { hashSecret, needsRehash, verifyDummy, verifySecret } from '../../security/passwords.js';
import type { Answer, MethodTry, SignInMethod } from '../method.js';
import { LegacyPad } from './legacy-pad.js';

/** An account ID no row has (IDs are UUIDs). */
const NO_ACCOUNT = 'none';

type Pending = Awaited<ReturnType<PasswordStore['findTemporary']>>;
interface PasswordWork {
  valid: boolean;
  pending: Pending;
}

export interface PasswordMethodDeps {
  accounts: AccountStore;
  breached: BreachedPasswords;
  passwords: PasswordStore;
  temporaryPasswordKey: Buffer;
}

export function passwordMethod(deps: PasswordMethodDeps): SignInMethod<PasswordWork> {
  const pad = new LegacyPad({ storedImported: () => deps.accounts.storedImported(), verify: verifyImportedHash });
  return {
    name: 'password',
    form: 'password',
    serves: (account) => account.login_type === 'password',
    async equalWork(secret, on, now) {
      const account = on?.account;
      // One argon2 verify on every path; a pending temporary password is checked by its digest, in microseconds.
      const valid = await checkPassword(pad, account?.password_hash, secret);
      return { valid, pending: await deps.passwords.findTemporary(account?.id ?? NO_ACCOUNT, now) };
    },
    verify: (attempt, work) => verifyPassword(deps, attempt, work),
  };
}

/** The argon2 verify every try makes, and for an imported hash its own check, padded to the dearest's time. */
async function checkPassword(pad: LegacyPad, stored: string | undefined, secret: string): Promise<boolean> {
  const imported = stored && needsRehash(stored) ? importedHashClass(stored) : null;
  if (imported) {
    await verifyDummy(secret);
    return pad.verify(imported, stored!, secret);
  }
  const valid = stored ? await verifySecret(stored, secret) : await verifyDummy(secret);
  await pad.hold();
  return valid;
}

async function verifyPassword(deps: PasswordMethodDeps, attempt: MethodTry, work: PasswordWork): Promise<Answer> {
  const { account, secret, now } = attempt;
  const { pending } = work;
  const isTemporary = matchesTemporaryPassword(deps.temporaryPasswordKey, account.id, secret, pending?.digest);
  if (work.valid) {
    if (isSpent(account, now)) return null;
    const rehashed = needsRehash(account.password_hash) ? await hashSecret(secret) : undefined;
    // A right password known from a breach leads to change password, as an expired one does (issue 35).
    const breached = (await deps.breached.check(secret)) === 'breached';
    return {
      ...{ kind: 'passed', step: 'password', complete: true, account },
      ...(rehashed ? { rehashed } : {}),
      ...(breached ? { mustChange: 'breached' } : {}),
    } as const;
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
