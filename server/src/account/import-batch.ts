/**
 * A batch of an import's lines written in one transaction (issue 48): the accounts asked at once whether the batch's
 * user IDs are taken, each cost class of imported hashes taken once, then every account in one statement and their
 * `account.added` events in one more. A line the accounts or the classes refuse is refused as a line written alone
 * would be, in the same words; the other lines of its batch go in.
 */
import type { Transaction } from 'kysely';
import { insertMany } from '../db/insert-many.js';
import type { Database } from '../db/tables.js';
import { Refusal } from '../refusal.js';
import { newId } from '../security/ids.js';
import { userIdKey, userIdSkeleton } from './account-identity.js';
import type { AccountRow, AccountStore } from './account-store.js';
import { accountRowOf } from './create-account.js';
import { takeImportClass } from './import-classes.js';
import { HashFormatError } from './imported-hashes.js';
import { type CheckedUser, type NewUser, refuseTaken, type UserIdTaken } from './provisioning-input.js';

/** A line whose values are checked: what the accounts and the classes decide is left. */
export interface CheckedLine {
  line: number;
  /** As the line gave it, for the line to be written alone when its batch cannot be. */
  given: NewUser;
  user: CheckedUser;
}

/** An account the batch adds, and what its audit event says. */
export interface AddedAccount {
  accountId: string;
  detail: Record<string, string>;
}

export interface BatchDeps {
  accounts: AccountStore;
  identityKey: Buffer;
  now: number;
}

/** The batch's lines the accounts or the classes refused, each with its problem. */
export type LineRefusals = { line: number; problem: string }[];

/** The user IDs the accounts hold, as the batch goes: taken by key (deleted or not) or by look. */
class TakenIds {
  private readonly keys = new Map<string, boolean>();
  private readonly skeletons = new Set<string>();

  add(key: string, skeleton: string | null, deleted: boolean): void {
    this.keys.set(key, deleted);
    if (skeleton !== null) this.skeletons.add(skeleton);
  }

  of(userId: string): UserIdTaken {
    const deleted = this.keys.get(userIdKey(userId));
    if (deleted !== undefined) return deleted ? 'deleted' : 'exists';
    return this.skeletons.has(userIdSkeleton(userId)) ? 'looks-alike' : null;
  }
}

/**
 * The cost classes an import has taken in their cobrands (null) or found no place for (the problem), by cobrand and
 * class: each is taken once an import, not once a batch (a cobrand's slot, once its accounts hold it, stays).
 */
export type TakenClasses = Map<string, string | null>;

/**
 * Writes the batch in `trx`: answers the accounts added (for their audit events, which the caller records in `trx`),
 * fills `refused` with the lines refused and `classes` with the classes it took.
 */
export async function writeBatch(
  trx: Transaction<Database>,
  batch: readonly CheckedLine[],
  deps: BatchDeps,
  { refused, classes }: { refused: LineRefusals; classes: TakenClasses },
): Promise<AddedAccount[]> {
  if (!batch.length) return [];
  const taken = new TakenIds();
  const found = await takenAmong(
    trx,
    batch.map(({ user }) => user.userId),
  );
  for (const row of found) taken.add(row.key, row.skeleton, row.deletedAt != null);
  const rows: AccountRow[] = [];
  const added: AddedAccount[] = [];
  for (const { line, user } of batch) {
    const problem = refusalOf(user, taken.of(user.userId)) ?? (await classProblem(trx, user, classes, deps.now));
    if (problem) {
      refused.push({ line, problem });
      continue;
    }
    const id = newId();
    taken.add(userIdKey(user.userId), userIdSkeleton(user.userId), false);
    // An import's line always holds a hash (its parser refuses one without), never a password to hash.
    if (typeof user.password === 'string') throw new Error('an imported line holds a hash');
    const passwordHash = user.password.imported.stored;
    rows.push(accountRowOf(deps.identityKey, user, deps.now, { id, passwordHash, answerHash: null }));
    added.push({ accountId: id, detail: { cobrand: user.cobrand, ...user.detail } });
  }
  await insertMany(trx, 'account', rows);
  return added;
}

/**
 * Of the batch's user IDs, the accounts that have their keys or their skeletons: two indexed lookups in one statement
 * a batch, in the batch's transaction.
 */
function takenAmong(trx: Transaction<Database>, userIds: readonly string[]) {
  return trx
    .selectFrom('account')
    .select(['user_id_key as key', 'user_id_skeleton as skeleton', 'deleted_at as deletedAt'])
    .where((eb) =>
      eb.or([
        eb('user_id_key', 'in', userIds.map(userIdKey)),
        eb('user_id_skeleton', 'in', userIds.map(userIdSkeleton)),
      ]),
    )
    .execute();
}

/** The refusal a taken user ID gets, as its line's problem. */
function refusalOf(user: CheckedUser, taken: UserIdTaken): string | null {
  try {
    refuseTaken(user.userId, taken);
    return null;
  } catch (error) {
    if (error instanceof Refusal) return error.message;
    throw error;
  }
}

/** Takes the line's cost class in its cobrand (import-classes.ts) unless taken already: the problem when it has no place. */
async function classProblem(
  trx: Transaction<Database>,
  user: CheckedUser,
  classes: TakenClasses,
  now: number,
): Promise<string | null> {
  if (typeof user.password === 'string' || user.password.imported.cheap) return null;
  const { imported } = user.password;
  const key = `${user.cobrand}\u0000${imported.costClass}`;
  if (!classes.has(key)) {
    try {
      await takeImportClass(trx, user.cobrand, imported, now);
      classes.set(key, null);
    } catch (error) {
      if (!(error instanceof HashFormatError)) throw error;
      classes.set(key, error.message);
    }
  }
  return classes.get(key) ?? null;
}
