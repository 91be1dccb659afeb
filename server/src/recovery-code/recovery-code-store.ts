/**
 * Kysely access to the recovery codes. A code is spent in one atomic statement (set `used_at` where it is still
 * null), so two tries with the same code, on one instance or two, never both pass.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import { newId } from '../security/ids.js';

type Trx = Transaction<Database>;

export class RecoveryCodeStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Replaces the account's codes by a new set (the old ones, used or not, are gone); none: the account has none. */
  async replace(accountId: string, hmacs: readonly string[], now: number, trx: Trx): Promise<void> {
    await trx.deleteFrom('recovery_code').where('account_id', '=', accountId).execute();
    const rows = hmacs.map((code_hmac) => ({ id: newId(), account_id: accountId, code_hmac, created_at: now }));
    if (rows.length) await trx.insertInto('recovery_code').values(rows).execute();
  }

  /** The unused code of the account with this HMAC: its ID, or none. */
  async findUnused(accountId: string, hmac: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('recovery_code')
      .select('id')
      .where('account_id', '=', accountId)
      .where('code_hmac', '=', hmac)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return row?.id;
  }

  /** Spends the code: false when another try spent it first. */
  async spend(id: string, now: number, trx: Trx): Promise<boolean> {
    const result = await trx
      .updateTable('recovery_code')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** How many of the account's codes are left unused. */
  async left(accountId: string, trx?: Trx): Promise<number> {
    const row = await (trx ?? this.db)
      .selectFrom('recovery_code')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('left'))
      .where('account_id', '=', accountId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.left);
  }
}
