import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import type { TokenAttemptTable, TokenTable } from './token.table.js';

export type TokenRow = Selectable<TokenTable>;
export type TokenAttemptRow = Selectable<TokenAttemptTable>;

export class TokenStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Gives the account a new token in new-PIN mode, and makes it a token user. */
  async assign(accountId: string, seedSealed: string, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('token').where('account_id', '=', accountId).execute();
      await trx
        .insertInto('token')
        .values({
          account_id: accountId,
          seed_sealed: seedSealed,
          pin_hmac: null,
          last_step: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .updateTable('account')
        .set({ login_type: 'token', updated_at: now })
        .where('id', '=', accountId)
        .execute();
    });
  }

  async unassign(accountId: string, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('token').where('account_id', '=', accountId).execute();
      await trx
        .updateTable('account')
        .set({ login_type: 'password', updated_at: now })
        .where('id', '=', accountId)
        .execute();
    });
  }

  find(accountId: string): Promise<TokenRow | undefined> {
    return this.db.selectFrom('token').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  }

  /** Accepts a code's step once: a replayed or older code updates nothing and is refused, on any instance. */
  async acceptStep(accountId: string, step: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('token')
      .set({ last_step: step, updated_at: now })
      .where('account_id', '=', accountId)
      .where('last_step', '<', step)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Sets the PIN of a token in new-PIN mode; a token that already has one is left alone. */
  async setPin(
    accountId: string,
    pinHmac: string,
    now: number,
    alsoInTransaction: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('token')
        .set({ pin_hmac: pinHmac, updated_at: now })
        .where('account_id', '=', accountId)
        .where('pin_hmac', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await alsoInTransaction(trx);
      return true;
    });
  }

  async resetPin(accountId: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('token')
      .set({ pin_hmac: null, updated_at: now })
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async createAttempt(row: TokenAttemptRow): Promise<void> {
    await this.db.deleteFrom('token_attempt').where('account_id', '=', row.account_id).execute();
    await this.db.insertInto('token_attempt').values(row).execute();
  }

  findAttempt(id: string, accountId: string, now: number): Promise<TokenAttemptRow | undefined> {
    return this.db
      .selectFrom('token_attempt')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  async deleteAttempt(id: string): Promise<void> {
    await this.db.deleteFrom('token_attempt').where('id', '=', id).execute();
  }
}
