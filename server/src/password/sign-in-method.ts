/**
 * The password method (§7): the account's password, or a pending temporary password (§4's recovery) by its digest.
 * Its equal work is one argon2 verify and one look for a temporary password, for a real account or for none; an
 * imported hash (account/imported-hashes.ts) adds its scheme's own check, and every try on the same cobrand's page
 * makes the same checks (legacy-pad.ts).
 */
import {
  type AccountRow,
  type AccountStore,
  type BreachedPasswords,
  cheapSamples,
  importedHashOf,
  type ImportClasses,
  matchesTemporaryPassword,
  type PasswordStore,
  verifyImportedHash,
} from '../account/index.js';
import { queuedHash } from '../security/hash-admission.js';
import { hashSecret, needsRehash, verifyDummy, verifySecret } from '../security/passwords.js';
import type { Answer, MethodTry, SignInMethod, SignInModule } from '../signin-kernel/index.js';
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
  /** The cost classes of imported hashes each cobrand holds: what a try on its page checks. */
  importClasses: ImportClasses;
  temporaryPasswordKey: Buffer;
}

export function passwordMethod(deps: PasswordMethodDeps): SignInMethod<PasswordWork> {
  const pad = new LegacyPad({
    classesOf: (cobrand) => deps.importClasses.of(cobrand),
    cheapSamples: cheapSamples(),
    // A costly check waits its turn in the hash queue as argon2 does, so that the queue bounds its CPU and memory.
    verify: (stored, password, queued) =>
      queued ? queuedHash(() => verifyImportedHash(stored, password)) : verifyImportedHash(stored, password),
  });
  return {
    name: 'password',
    form: 'password',
    serves: (account) => account.login_type === 'password',
    async equalWork(secret, on, now, page) {
      const account = on?.account;
      // One argon2 verify on every path; a pending temporary password is checked by its digest, in microseconds.
      const valid = await checkPassword(pad, page, account?.password_hash, secret);
      return { valid, pending: await deps.passwords.findTemporary(account?.id ?? NO_ACCOUNT, now) };
    },
    verify: (attempt, work) => verifyPassword(deps, attempt, work),
  };
}

/**
 * The argon2 verify every try makes, and the page's imported-hash checks, an imported hash's own among them. A stored
 * hash neither today's argon2id nor one the ceilings accept is never checked: the try is a wrong password.
 */
async function checkPassword(pad: LegacyPad, page: string, stored: string | undefined, secret: string) {
  if (stored && needsRehash(stored)) {
    await verifyDummy(secret);
    return pad.check(page, importedHashOf(stored), secret);
  }
  const valid = stored ? await verifySecret(stored, secret) : await verifyDummy(secret);
  await pad.check(page, null, secret);
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
      kind: 'passed',
      step: 'password',
      complete: true,
      account,
      // Not a mailed temporary password (below), which proves the mailbox: a new browser may be asked for more.
      knowledgeOnly: true,
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

/** The password sign-in module: the method alone (its routes are the password capability's own). */
export const passwordSignIn: SignInModule<PasswordMethodDeps> = { method: passwordMethod };
