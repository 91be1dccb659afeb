/** Kysely access to accounts. Rows stay inside the services that use them. */
import { MAX_FAILED_LOGINS } from '@portal/contract';
import type { ExpressionBuilder, Kysely, Selectable, Transaction } from 'kysely';
import { oneTryBack } from '../db/failed-tries.js';
import { prepareQuery } from '../db/prepared-query.js';
import type { Database } from '../db/tables.js';
import type { AccountStatus, AccountTable } from './account.table.js';
import { lookupKeys, userIdKey, userIdSkeleton } from './account-identity.js';
import { nameKeyOf } from './name-key.js';

export type AccountRow = Selectable<AccountTable>;

/**
 * How a caller names the account whose try it claims: sign-in by ldapId, recovery by the user ID as typed (folded
 * here, `lookupKeys`), a session by id.
 */
export type AccountKey = { kind: 'ldapId' | 'userId' | 'id'; value: string };
/** The transaction of a change that must commit together with something else (its audit event, its mail). */
type Trx = Transaction<Database> | undefined;

/** At most one mail an hour tells an account of a lock on unknown devices. */
const LOCK_MAIL_GAP_MS = 60 * 60 * 1000;

/** Active, or locked only by failed tries (an administrator's lock and a deactivation clear the count). */
export const trustable = (eb: ExpressionBuilder<Database, 'account'>) =>
  eb.or([
    eb('status', '=', 'active'),
    eb.and([eb('status', '=', 'locked'), eb('failed_attempts', '>=', MAX_FAILED_LOGINS)]),
  ]);

/**
 * The id of the one account a typed user ID names (`lookupKeys`): by its key, or by the ID as typed for an account
 * that holds it so, which comes first. One indexed statement, whoever is named or not.
 */
export const namedBy = (db: Kysely<Database>, key: string, asTyped: string) =>
  db
    .selectFrom('account as named')
    .select('named.id')
    .where('named.user_id_key', 'in', [key, asTyped])
    .orderBy((eb) => eb.case().when('named.user_id_key', '=', asTyped).then(0).else(1).end())
    .limit(1);

/**
 * The statements of every sign-in (ARCHITECTURE §4), built and compiled once. Each has one shape whatever the call, so
 * that one compiled text serves them all.
 */
const signInQueries = (db: Kysely<Database>) => {
  const claiming = (now: number) =>
    db
      .updateTable('account')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1), updated_at: now }))
      .where('status', '=', 'active')
      .where('failed_attempts', '<', MAX_FAILED_LOGINS);
  const claim = (column: 'ldap_id' | 'id') =>
    prepareQuery(db, (value: string, now: number) => claiming(now).where(column, '=', value).returningAll());
  // The account a refused try named, when no try could be claimed on it: the audit's row names it.
  const naming = () => db.selectFrom('account').select(['id', 'status']);
  const named = (column: 'ldap_id' | 'id') => prepareQuery(db, (value: string) => naming().where(column, '=', value));
  return {
    // The login-info lookup: every sign-in makes it, and anyone may call it.
    byUserId: prepareQuery(db, (key: string, asTyped: string) =>
      db
        .selectFrom('account')
        .selectAll()
        .where('user_id_key', 'in', [key, asTyped])
        .orderBy((eb) => eb.case().when('user_id_key', '=', asTyped).then(0).else(1).end())
        .limit(1),
    ),
    claim: {
      ldapId: claim('ldap_id'),
      id: claim('id'),
      userId: prepareQuery(db, (key: string, asTyped: string, now: number) =>
        claiming(now)
          .where('id', '=', namedBy(db, key, asTyped))
          .returningAll(),
      ),
    },
    named: {
      ldapId: named('ldap_id'),
      id: named('id'),
      userId: prepareQuery(db, (key: string, asTyped: string) => naming().where('id', '=', namedBy(db, key, asTyped))),
    },
    // A null leaves the column as it is: the same statement with or without a new hash or a sign-in time.
    clear: prepareQuery(db, (id: string, now: number, passwordHash: string | null, signedInAt: number | null) =>
      db
        .updateTable('account')
        .set((eb) => ({
          failed_attempts: 0,
          updated_at: now,
          password_hash: eb.fn.coalesce(eb.val(passwordHash), eb.ref('password_hash')),
          last_signin_at: eb.fn.coalesce(eb.val(signedInAt), eb.ref('last_signin_at')),
        }))
        .where('id', '=', id)
        .where('status', '=', 'active'),
    ),
  };
};

export class AccountStore {
  private readonly hot: ReturnType<typeof signInQueries>;

  constructor(private readonly db: Kysely<Database>) {
    this.hot = signInQueries(db);
  }

  /** The account a user ID names, typed as a user or an operator typed it (`lookupKeys`). */
  async findByUserId(typed: string): Promise<AccountRow | undefined> {
    const { key, asTyped } = lookupKeys(typed);
    return (await this.hot.byUserId(key, asTyped)).rows[0];
  }

  /**
   * Whether a new user ID is taken: another account has its key (`exists`), or one looks like it (`looks-alike`, the
   * same skeleton). Two indexed lookups in one statement, however many accounts there are.
   */
  async userIdTaken(userId: string): Promise<'exists' | 'looks-alike' | null> {
    const key = userIdKey(userId);
    const rows = await this.db
      .selectFrom('account')
      .select('user_id_key')
      .where((eb) => eb.or([eb('user_id_key', '=', key), eb('user_id_skeleton', '=', userIdSkeleton(userId))]))
      .execute();
    if (rows.some((row) => row.user_id_key === key)) return 'exists';
    return rows.length ? 'looks-alike' : null;
  }

  findById(id: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Reserves one of the six tries before the password is checked, in a single atomic statement: an account that is
   * not active, or has used its tries, yields nothing, so concurrent requests on any number of instances can never
   * check more than six guesses in a row. Unknown ldap IDs run the same statement and also yield nothing.
   */
  async claimAttempt(by: AccountKey, now: number): Promise<AccountRow | undefined> {
    if (by.kind !== 'userId') return (await this.hot.claim[by.kind](by.value, now)).rows[0];
    const { key, asTyped } = lookupKeys(by.value);
    return (await this.hot.claim.userId(key, asTyped, now)).rows[0];
  }

  /**
   * The ID and status of the account `by` names, for the audit of a try none could be claimed on (the account locked,
   * inactive or out of tries, or no account at all): one indexed read, whichever it is.
   */
  async named(by: AccountKey): Promise<Pick<AccountRow, 'id' | 'status'> | undefined> {
    if (by.kind !== 'userId') return (await this.hot.named[by.kind](by.value)).rows[0];
    const { key, asTyped } = lookupKeys(by.value);
    return (await this.hot.named.userId(key, asTyped)).rows[0];
  }

  /**
   * Clears the failure count after a right password, but only while the account is still active: a wrong try that
   * raced this one may have used the last try and locked it, and then this sign-in must fail too.
   */
  async clearFailures(
    id: string,
    now: number,
    changes: { passwordHash?: string; signedIn?: boolean } = {},
    trx?: Trx,
  ): Promise<boolean> {
    const values = [id, now, changes.passwordHash ?? null, changes.signedIn ? now : null] as const;
    const result = await (trx ? this.hot.clear.within(trx, ...values) : this.hot.clear(...values));
    return Number(result.numAffectedRows) > 0;
  }

  /**
   * The account `by` names, when it is `accountId` (the one a trusted device of the browser belongs to) and that device
   * may still sign it in: active, or locked by failed tries from unknown devices (docs/decisions.md, "Device trust").
   * An account an administrator locked (no tries counted) or deactivated is not.
   */
  findTrustable(by: AccountKey, accountId: string): Promise<AccountRow | undefined> {
    const query = this.db
      .selectFrom('account')
      .selectAll()
      .where('id', '=', accountId)
      .where((eb) => trustable(eb));
    if (by.kind === 'ldapId') return query.where('ldap_id', '=', by.value).executeTakeFirst();
    if (by.kind === 'id') return query.where('id', '=', by.value).executeTakeFirst();
    const { key, asTyped } = lookupKeys(by.value);
    return query.where('id', '=', namedBy(this.db, key, asTyped)).executeTakeFirst();
  }

  /**
   * A right secret from a trusted device: the sign-in time and a new hash are kept as clearFailures keeps them, and
   * the unknown-devices count is cleared while the account is active; a lock on unknown devices stays. False once an
   * administrator locked or deactivated the account meanwhile.
   */
  async signedInTrusted(
    id: string,
    now: number,
    changes: { passwordHash?: string; signedIn?: boolean } = {},
    trx?: Trx,
  ): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('account')
      .set((eb) => ({
        failed_attempts: eb.case().when('status', '=', 'active').then(0).else(eb.ref('failed_attempts')).end(),
        updated_at: now,
        password_hash: eb.fn.coalesce(eb.val(changes.passwordHash ?? null), eb.ref('password_hash')),
        last_signin_at: eb.fn.coalesce(eb.val(changes.signedIn ? now : null), eb.ref('last_signin_at')),
      }))
      .where('id', '=', id)
      .where((eb) => trustable(eb))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Takes the account's one lock mail of the hour: true when none went in the last hour (atomic across instances). */
  async takeLockMail(id: string, now: number, trx?: Trx): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('account')
      .set({ lock_mailed_at: now })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('lock_mailed_at', 'is', null), eb('lock_mailed_at', '<=', now - LOCK_MAIL_GAP_MS)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Gives back a try claimed for a step that is not a sign-in and did not fail (a right security answer): the count
   * is as it was before the claim, never lower, so only a successful sign-in clears it. False once the account is no
   * longer active (a wrong try that raced this one may have locked it). A sign-in that cleared the count meanwhile
   * has given the try back already: the count stays at nought, and the release still stands (it answered false
   * there once, and a right security answer then went without its mail).
   */
  async releaseAttempt(id: string, now: number, trx?: Trx): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('account')
      .set({ failed_attempts: oneTryBack(), updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A temporary password opens one change-password session: from its first sign-in on it opens nothing more. */
  async spendTemporaryPassword(id: string, now: number): Promise<void> {
    await this.db
      .updateTable('account')
      .set({ password_expires_at: now, updated_at: now })
      .where('id', '=', id)
      .where('password_state', '=', 'temporary')
      .execute();
  }

  /** Locks the account once its sixth claimed try has failed. */
  async lockIfExhausted(id: string, now: number, trx?: Trx): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('account')
      .set({ status: 'locked', locked_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'active')
      .where('failed_attempts', '>=', MAX_FAILED_LOGINS)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setStatus(userIdKey: string, status: AccountStatus, now: number, trx?: Trx): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('account')
      .set({ status, updated_at: now, failed_attempts: 0, locked_at: status === 'locked' ? now : null })
      .where('user_id_key', '=', userIdKey)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Makes an inactive account active, with no failed tries; one that is not inactive is left alone. */
  async reactivate(userIdKey: string, now: number, trx?: Trx): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('account')
      .set({ status: 'active', failed_attempts: 0, locked_at: null, deleted_at: null, updated_at: now })
      .where('user_id_key', '=', userIdKey)
      .where('status', '=', 'inactive')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Lifts a lock and clears the failed tries; an account that is not locked (active or inactive) is left alone. */
  async unlock(userIdKey: string, now: number, trx?: Trx): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('account')
      .set({ status: 'active', failed_attempts: 0, locked_at: null, updated_at: now })
      .where('user_id_key', '=', userIdKey)
      .where('status', '=', 'locked')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setSecurityQuestion(
    userIdKey: string,
    question: string,
    answerHash: string,
    now: number,
    trx?: Trx,
  ): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('account')
      .set({ security_question: question, security_answer_hash: answerHash, updated_at: now })
      .where('user_id_key', '=', userIdKey)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * How many accounts hold each security question, most held first, at most `limit` of them: the population an
   * unknown user ID's decoy question is drawn from.
   */
  async questionShares(limit: number): Promise<{ text: string; users: number }[]> {
    const rows = await this.db
      .selectFrom('account')
      .select((eb) => ['security_question', eb.fn.countAll<number>().as('users')])
      .where('security_question', 'is not', null)
      .where('security_answer_hash', 'is not', null)
      .groupBy('security_question')
      .orderBy('users', 'desc')
      .orderBy('security_question')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ text: row.security_question!, users: Number(row.users) }));
  }

  async setName(userIdKey: string, name: string, now: number, trx?: Trx): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('account')
      .set({ display_name: name, name_key: nameKeyOf(name), updated_at: now })
      .where('user_id_key', '=', userIdKey)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setEmail(userIdKey: string, email: string, now: number, trx?: Trx): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('account')
      .set({ email, updated_at: now })
      .where('user_id_key', '=', userIdKey)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setExternalId(userIdKey: string, externalId: string | null, now: number, trx?: Trx): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('account')
      .set({ external_id: externalId, updated_at: now })
      .where('user_id_key', '=', userIdKey)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Marks the account deleted by provisioning; reactivate() lifts it. */
  async markDeleted(userIdKey: string, now: number, trx?: Trx): Promise<void> {
    await (trx ?? this.db)
      .updateTable('account')
      .set({ deleted_at: now, updated_at: now })
      .where('user_id_key', '=', userIdKey)
      .execute();
  }

  async expirePassword(userIdKey: string, now: number, trx?: Trx): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('account')
      .set({ password_state: 'expired', updated_at: now })
      .where('user_id_key', '=', userIdKey)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** An administrator's temporary password in place of the account's: it opens one sign-in, which must change it. */
  async setTemporaryPassword(userIdKey: string, passwordHash: string, now: number, trx?: Trx): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('account')
      .set({
        password_hash: passwordHash,
        password_state: 'temporary',
        password_expires_at: null,
        password_changed_at: now,
        updated_at: now,
      })
      .where('user_id_key', '=', userIdKey)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async insert(row: AccountRow, trx?: Trx): Promise<void> {
    await (trx ?? this.db).insertInto('account').values(row).execute();
  }

  list(): Promise<AccountRow[]> {
    return this.db.selectFrom('account').selectAll().orderBy('user_id_key').execute();
  }

  async count(): Promise<number> {
    const { n } = await this.db
      .selectFrom('account')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }
}
