/**
 * The one way in for a new user, whichever path brings them (`users add`, `users import`, the admin API, SCIM): the
 * user ID in its one form and unlike any other, the e-mail address and name, the starting password (given, an imported
 * hash parsed by `parsePasswordHash`, or a temporary one), and the cobrand within the caller's. A refusal names the
 * field; each path says it in its own shape. Nothing is written here.
 */
import { inScope, type OperatorScope, Refusal } from '../refusal.js';
import { userIdKey } from './account-identity.js';
import type { AccountStore } from './account-store.js';
import { emailOf, externalIdOf, nameOf } from './admin-values.js';
import type { NewAccount } from './create-account.js';
import { HashFormatError, parsePasswordHash } from './imported-hashes.js';
import { generateTemporaryPassword } from './temporary-password.js';

export interface NewUser {
  userId: string;
  email: string;
  cobrand: string;
  name?: string | null | undefined;
  /** Without one (nor a hash), a temporary password is made: it opens one sign-in, which must change it. */
  password?: string | undefined;
  /**
   * In place of a password, the hash the old directory held, re-hashed at sign-in. `users import` always gives one
   * (null when its line has none, which the parser refuses).
   */
  passwordHash?: unknown;
  /** The provisioning client's own ID of the user (SCIM `externalId`). */
  externalId?: string | undefined;
}

export interface ProvisioningDeps {
  accounts: AccountStore;
  cobrandExists: (name: string) => Promise<boolean>;
}

/** What a new user signs in with first, what the audit event says of it, and the temporary password if one was made. */
interface StartingPassword {
  password: NewAccount['password'];
  passwordState: 'current' | 'temporary';
  detail: Record<string, string>;
  temporary: string | null;
}

/** A new user, every value checked: what `createAccount` takes, and what the audit event and the caller are told. */
export interface CheckedUser extends StartingPassword {
  userId: string;
  email: string;
  name: string | null;
  cobrand: string;
  externalId: string | null;
}

const bad = (rule: string) => new Refusal('invalid', rule, 'userId');

/**
 * What a user ID may hold besides letters, digits and marks: no spaces, controls or format characters (the invisible
 * ones among them), no private-use, unassigned or lone surrogate code points.
 */
const UNSEEN = /[\s\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;

/**
 * A new user ID in its one form (NFKC: `ｄｅｍｏ` is `demo`), refused when it holds a character no one sees (zero-width
 * space, word joiner, soft hyphen …) rather than quietly stripped: the operator learns the value was not what it seemed.
 */
export function userIdOf(given: string | undefined): string {
  const userId = (given ?? '').normalize('NFKC').trim();
  if (UNSEEN.test(userId))
    throw bad('must not hold spaces or invisible characters (zero-width, word joiner, soft hyphen, controls)');
  if (!userId || userId.length > 64) throw bad('must be 1 to 64 printable characters without spaces');
  return userId;
}

/** What the accounts say of a new user ID: another has it, one looks the same, or it was deleted by provisioning. */
export type UserIdTaken = 'exists' | 'looks-alike' | 'deleted' | null;

/** The refusal of a user ID the accounts have taken, in the words every path uses. */
export function refuseTaken(userId: string, taken: UserIdTaken): void {
  // A user SCIM deleted stays for the audit: brought back by an operator, never made anew under the same ID.
  if (taken === 'deleted')
    throw new Refusal('conflict', `user "${userId}" was deleted by provisioning; an operator can reactivate them`);
  if (taken === 'exists') throw new Refusal('conflict', `user "${userId}" already exists`, 'userId');
  // The account it resembles may be another cobrand's: it is not named.
  if (taken === 'looks-alike')
    throw new Refusal('conflict', `user ID "${userId}" looks like an existing user's; choose another`, 'userId');
}

/** Refused when another account has the user ID (in any case) or one that looks the same (UTS #39 skeleton). */
export async function unlikeOthers(accounts: AccountStore, userId: string): Promise<void> {
  refuseTaken(userId, await accounts.userIdTaken(userId));
}

/** The password given, the hash given (parsed as `users import` parses it), or a temporary one; never both given. */
function startingPassword(given: NewUser, userId: string): StartingPassword {
  if (given.password !== undefined && given.passwordHash !== undefined)
    throw new Refusal('invalid', 'give a password or a passwordHash, not both', 'passwordHash');
  if (given.passwordHash !== undefined) {
    let imported;
    try {
      imported = parsePasswordHash(given.passwordHash);
    } catch (error) {
      if (error instanceof HashFormatError) throw new Refusal('invalid', error.message, 'passwordHash');
      throw error;
    }
    const detail = { password: 'imported', scheme: imported.scheme };
    return { password: { imported }, passwordState: 'current', detail, temporary: null };
  }
  if (given.password !== undefined)
    return { password: given.password, passwordState: 'current', detail: { password: 'current' }, temporary: null };
  const temporary = generateTemporaryPassword(userId);
  return { password: temporary, passwordState: 'temporary', detail: { password: 'temporary' }, temporary };
}

/**
 * Every value of a new user the accounts do not decide, checked in the order a form reads; the first bad one is
 * refused. An import checks its batch's user IDs against the accounts at once (import-users.ts).
 */
export async function checkNewValues(
  scope: OperatorScope,
  given: NewUser,
  cobrandExists: ProvisioningDeps['cobrandExists'],
): Promise<CheckedUser> {
  const userId = userIdOf(given.userId);
  const email = emailOf(given.email);
  const name = given.name === undefined || given.name === null ? null : nameOf(given.name);
  const start = startingPassword(given, userId);
  const cobrand = given.cobrand.trim();
  if (!inScope(scope, cobrand) || !(await cobrandExists(cobrand)))
    throw new Refusal('invalid', `no cobrand "${cobrand}"`, 'cobrand');
  const externalId = externalIdOf(given.externalId);
  return { userId, email, name, cobrand, externalId, ...start };
}

/** Every value of a new user, checked in the order a form reads; the first bad one is refused. */
export async function checkNewUser(scope: OperatorScope, given: NewUser, deps: ProvisioningDeps): Promise<CheckedUser> {
  const user = await checkNewValues(scope, given, deps.cobrandExists);
  if ((await deps.accounts.findByUserId(user.userId))?.deleted_at != null) refuseTaken(user.userId, 'deleted');
  await unlikeOthers(deps.accounts, user.userId);
  return user;
}

/**
 * Whether a user ID given for an existing user (SCIM's userName in a PUT or PATCH) names that same user: as the
 * account holds it, or in its one form. A changed ID is the caller's to refuse; a value with invisible characters is
 * refused here, unless it is how an account made before holds its own ID.
 */
export function namesSameUser(given: string, currentUserId: string): boolean {
  const current = currentUserId.trim().toLowerCase();
  if (given.trim().toLowerCase() === current) return true;
  return userIdKey(userIdOf(given)) === userIdKey(currentUserId);
}
