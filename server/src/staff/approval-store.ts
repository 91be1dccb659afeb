/**
 * Kysely access to the changes waiting for a second operator. A decision is taken in one conditional update, so two
 * operators deciding at once cannot both decide, on any instance.
 */
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import type { ApprovalTable } from './approval.table.js';

/** A change waiting or decided, with the user ID of its account (the console names users by it). */
export type ApprovalRow = Selectable<ApprovalTable> & { user_id: string };

/** The waiting changes an operator may be shown: a hundred is more than a help desk's queue, and bounds the read. */
const LISTED = 100;

export class ApprovalStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<ApprovalTable>, trx: Transaction<Database>): Promise<void> {
    await trx.insertInto('approval').values(row).execute();
  }

  private withUser() {
    return this.db
      .selectFrom('approval')
      .innerJoin('account', 'account.id', 'approval.account_id')
      .selectAll('approval')
      .select('account.user_id');
  }

  find(id: string): Promise<ApprovalRow | undefined> {
    return this.withUser().where('approval.id', '=', id).executeTakeFirst();
  }

  /** The changes still waiting (undecided, not lapsed), the oldest first: of the cobrands given (null: all), or of a user. */
  waiting(now: number, of: { cobrands: readonly string[] | null; accountId?: string }): Promise<ApprovalRow[]> {
    let query = this.withUser().where('approval.outcome', 'is', null).where('approval.expires_at', '>', now);
    if (of.cobrands !== null)
      query = query.where('approval.cobrand', 'in', of.cobrands.length ? [...of.cobrands] : ['']);
    if (of.accountId) query = query.where('approval.account_id', '=', of.accountId);
    return query.orderBy('approval.requested_at').orderBy('approval.id').limit(LISTED).execute();
  }

  /** Decides a waiting change; false when it was decided meanwhile, or has lapsed. */
  async decide(id: string, outcome: 'approved' | 'declined', by: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('approval')
      .set({ outcome, decided_by: by, decided_at: now })
      .where('id', '=', id)
      .where('outcome', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Takes an approval back when the change it approved could not be made: it waits again. */
  async reopen(id: string): Promise<void> {
    await this.db
      .updateTable('approval')
      .set({ outcome: null, decided_by: null, decided_at: null })
      .where('id', '=', id)
      .execute();
  }
}
