/** Password history, temporary passwords, and the one atomic change of an account's password. */
import { PASSWORD_HISTORY } from '@portal/contract/password-rules';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import { within } from '../db/within.js';
import { trustable } from './account-store.js';
import { newId } from '../security/ids.js';

/** A mailed temporary password not used yet, stored as a keyed digest (`temporaryPasswordDigest`). */
export interface PendingTemporaryPassword {
  digest: string;
  expiresAt: number;
}

export class PasswordStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The hashes a new password must not match: the user's last four passwords, the current one among them unless it
   * is a temporary one (which the user never chose; it is refused too, but takes no place among the four).
   */
  async recentHashes(accountId: string, current: { hash: string; chosen: boolean }): Promise<string[]> {
    const rows = await this.db
      .selectFrom('password_history')
      .select('password_hash')
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .limit(current.chosen ? PASSWORD_HISTORY - 1 : PASSWORD_HISTORY)
      .execute();
    return [current.hash, ...rows.map((r) => r.password_hash)];
  }

  /**
   * Replaces the password in one transaction, and only if it is still the one the caller checked: the old password
   * stops working at the moment the new one is stored, and two changes racing cannot both win. The replaced password
   * joins the history unless it was a temporary one, whose predecessor is there already. From a trusted device
   * (docs/decisions.md, "Device trust") an account locked for unknown devices may change too, and its lock and count
   * stay as they are.
   */
  async change(
    accountId: string,
    replaced: { hash: string; chosen: boolean },
    newHash: string,
    now: number,
    inTransaction?: Transaction<Database>,
    byTrustedDevice = false,
  ): Promise<boolean> {
    const expectedHash = replaced.hash;
    return within(this.db, inTransaction, async (trx) => {
      const result = await trx
        .updateTable('account')
        .set((eb) => ({
          password_hash: newHash,
          password_state: 'current',
          password_changed_at: now,
          password_expires_at: null,
          failed_attempts: eb.case().when('status', '=', 'active').then(0).else(eb.ref('failed_attempts')).end(),
          updated_at: now,
        }))
        .where('id', '=', accountId)
        .where('password_hash', '=', expectedHash)
        .where((eb) => (byTrustedDevice ? trustable(eb) : eb('status', '=', 'active')))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      if (replaced.chosen) await remember(trx, accountId, expectedHash, now);
      const keep = await trx
        .selectFrom('password_history')
        .select('id')
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .limit(PASSWORD_HISTORY - 1)
        .execute();
      await trx
        .deleteFrom('password_history')
        .where('account_id', '=', accountId)
        .where(
          'id',
          'not in',
          keep.map((k) => k.id),
        )
        .execute();
      await trx.deleteFrom('temporary_password').where('account_id', '=', accountId).execute();
      return true;
    });
  }

  /** Stores a new temporary password, replacing any unused one, in the caller's transaction or one of its own. */
  async saveTemporary(
    accountId: string,
    digest: string,
    now: number,
    expiresAt: number,
    inTransaction?: Transaction<Database>,
  ): Promise<void> {
    await within(this.db, inTransaction, async (trx) => {
      await trx.deleteFrom('temporary_password').where('account_id', '=', accountId).execute();
      await trx
        .insertInto('temporary_password')
        .values({ account_id: accountId, password_hash: digest, created_at: now, expires_at: expiresAt })
        .execute();
    });
  }

  async findTemporary(accountId: string, now: number): Promise<PendingTemporaryPassword | null> {
    const row = await this.db
      .selectFrom('temporary_password')
      .select(['password_hash', 'expires_at'])
      .where('account_id', '=', accountId)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row ? { digest: row.password_hash, expiresAt: Number(row.expires_at) } : null;
  }

  /**
   * Uses a temporary password once, atomically: it replaces the account's password (which joins the history) and is
   * spent at once, so it opens this one change-password session and no other (`passwordHash` is its argon2 hash, for
   * the change's check of the current password).
   */
  async consumeTemporary(
    accountId: string,
    pending: PendingTemporaryPassword,
    passwordHash: string,
    now: number,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('temporary_password')
        .where('account_id', '=', accountId)
        .where('password_hash', '=', pending.digest)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) !== 1) return false;
      const account = await trx
        .selectFrom('account')
        .select(['password_hash', 'password_state'])
        .where('id', '=', accountId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (!account) return false;
      if (account.password_state !== 'temporary') await remember(trx, accountId, account.password_hash, now);
      await trx
        .updateTable('account')
        .set({
          password_hash: passwordHash,
          password_state: 'temporary',
          password_expires_at: now,
          last_signin_at: now,
          updated_at: now,
        })
        .where('id', '=', accountId)
        .execute();
      return true;
    });
  }
}

async function remember(
  trx: Transaction<Database>,
  accountId: string,
  passwordHash: string,
  now: number,
): Promise<void> {
  await trx
    .insertInto('password_history')
    .values({ id: newId(), account_id: accountId, password_hash: passwordHash, created_at: now })
    .execute();
}
