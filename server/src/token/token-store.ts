import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import { within } from '../db/within.js';
import type { TokenAttemptTable, TokenTable } from './token.table.js';

export type TokenRow = Selectable<TokenTable>;
export type TokenAttemptRow = Selectable<TokenAttemptTable>;

export class TokenStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Gives the account a new token in new-PIN mode, and makes it a token user. */
  async assign(accountId: string, seedSealed: string, now: number, inTransaction?: Transaction<Database>) {
    await within(this.db, inTransaction, async (trx) => {
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

  async unassign(accountId: string, now: number, trx?: Transaction<Database>): Promise<void> {
    await this.setLoginType(accountId, 'password', now, trx);
  }

  /** Makes the account a token user whose token the bank's token server holds: the portal keeps no seed for it. */
  async assignAtServer(accountId: string, now: number, trx?: Transaction<Database>): Promise<void> {
    await this.setLoginType(accountId, 'token', now, trx);
  }

  private async setLoginType(
    accountId: string,
    loginType: 'password' | 'token',
    now: number,
    inTransaction: Transaction<Database> | undefined,
  ): Promise<void> {
    await within(this.db, inTransaction, async (trx) => {
      await trx.deleteFrom('token').where('account_id', '=', accountId).execute();
      await trx
        .updateTable('account')
        .set({ login_type: loginType, updated_at: now })
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

  /** Whether the account's token waits for a new PIN (the user sets one at their next sign-in); null: no token. */
  async inNewPinMode(accountId: string): Promise<boolean | null> {
    const row = await this.db
      .selectFrom('token')
      .select('pin_hmac')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row ? row.pin_hmac === null : null;
  }

  async resetPin(accountId: string, now: number, trx?: Transaction<Database>): Promise<boolean> {
    const result = await (trx ?? this.db)
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
      .where('purpose', '=', 'next_token')
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** The bank's token server's new-PIN challenge to this account, while it lasts. */
  findPinChallenge(accountId: string, now: number): Promise<TokenAttemptRow | undefined> {
    return this.db
      .selectFrom('token_attempt')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('purpose', '=', 'new_pin')
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** A further challenge of the token server in the same attempt: its new State, or the tokencode held for it. */
  async updateAttempt(id: string, changes: { server_state?: string; held_passcode?: string }): Promise<void> {
    await this.db.updateTable('token_attempt').set(changes).where('id', '=', id).execute();
  }

  /** Ends the attempt the bank's token server passed, with what goes with it (the mail) in the same transaction. */
  async endAttempt(id: string, alsoInTransaction: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('token_attempt').where('id', '=', id).execute();
      await alsoInTransaction(trx);
    });
  }

  async deleteAttempt(id: string): Promise<void> {
    await this.db.deleteFrom('token_attempt').where('id', '=', id).execute();
  }
}
