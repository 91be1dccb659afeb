/** Kysely access to the operators and their console sessions. Rows stay inside the staff capability. */
import { MAX_FAILED_LOGINS } from '@portal/contract';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import type { OperatorSessionTable, OperatorTable } from './staff.table.js';

export type OperatorRow = Selectable<OperatorTable>;
type Trx = Transaction<Database>;

/** A live session, with what its operator may do as it stands now (a changed role counts at the next call). */
export type LiveSession = Pick<OperatorRow, 'name' | 'role' | 'cobrands'> & { operatorId: string; signedInAt: number };

export class StaffStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<OperatorTable>, trx: Trx): Promise<void> {
    await trx.insertInto('operator_account').values(row).execute();
  }

  findByKey(nameKey: string): Promise<OperatorRow | undefined> {
    return this.db.selectFrom('operator_account').selectAll().where('name_key', '=', nameKey).executeTakeFirst();
  }

  list(): Promise<OperatorRow[]> {
    return this.db.selectFrom('operator_account').selectAll().orderBy('name_key').execute();
  }

  /** Removes the operator and ends their sessions; false when there was none by that id. */
  async remove(id: string, trx: Trx): Promise<boolean> {
    await trx.deleteFrom('operator_session').where('operator_id', '=', id).execute();
    const result = await trx.deleteFrom('operator_account').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Claims a try before any secret is checked, in one statement on any instance: the operator's row, or undefined
   * when there is none by that name or it has no try left (locked).
   */
  async claimTry(nameKey: string, now: number): Promise<OperatorRow | undefined> {
    return this.db
      .updateTable('operator_account')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1), updated_at: now }))
      .where('name_key', '=', nameKey)
      .where('failed_attempts', '<', MAX_FAILED_LOGINS)
      .where('locked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  /** Locks the operator once their sixth claimed try has failed; true when this call locked them. */
  async lockIfExhausted(id: string, now: number, trx: Trx): Promise<boolean> {
    const result = await trx
      .updateTable('operator_account')
      .set({ locked_at: now, updated_at: now })
      .where('id', '=', id)
      .where('failed_attempts', '>=', MAX_FAILED_LOGINS)
      .where('locked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * A sign-in passed: its code's step is taken (a code seen before is refused here, on any instance) and the tries
   * cleared. False when the step was taken already or a lock came meanwhile.
   */
  async passed(id: string, step: number, now: number, trx: Trx): Promise<boolean> {
    const result = await trx
      .updateTable('operator_account')
      .set({ failed_attempts: 0, totp_last_step: step, updated_at: now })
      .where('id', '=', id)
      .where('totp_last_step', '<', step)
      .where('locked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * A sign-in passed without a code: false when a lock came meanwhile. `clearTries`: it was the password's (with a
   * passkey); at the staff provider the password tries are left as they are.
   */
  async signedOn(id: string, now: number, clearTries: boolean, trx: Trx): Promise<boolean> {
    const result = await trx
      .updateTable('operator_account')
      .set(clearTries ? { failed_attempts: 0, updated_at: now } : { updated_at: now })
      .where('id', '=', id)
      .where('locked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Lifts a lock and clears the tries; false when the operator was not locked. */
  async unlock(id: string, now: number, trx: Trx): Promise<boolean> {
    const result = await trx
      .updateTable('operator_account')
      .set({ locked_at: null, failed_attempts: 0, updated_at: now })
      .where('id', '=', id)
      .where('locked_at', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Opens a session, and drops every expired one on the way: the table stays as small as the staff. */
  async openSession(row: Selectable<OperatorSessionTable>, trx: Trx): Promise<void> {
    await trx
      .deleteFrom('operator_session')
      .where((eb) =>
        eb.or([eb('idle_expires_at', '<=', row.created_at), eb('absolute_expires_at', '<=', row.created_at)]),
      )
      .execute();
    await trx.insertInto('operator_session').values(row).execute();
  }

  /**
   * The live session `idHash` names, its idle deadline moved to `now + idleMs` (never past its absolute one); undefined
   * when it is gone or expired.
   */
  async touchSession(idHash: string, now: number, idleMs: number): Promise<LiveSession | undefined> {
    const renewed = await this.db
      .updateTable('operator_session')
      .set((eb) => ({
        last_seen_at: now,
        idle_expires_at: eb
          .case()
          .when('absolute_expires_at', '<', now + idleMs)
          .then(eb.ref('absolute_expires_at'))
          .else(now + idleMs)
          .end(),
      }))
      .where('id_hash', '=', idHash)
      .where('idle_expires_at', '>', now)
      .where('absolute_expires_at', '>', now)
      .returning(['operator_id', 'created_at'])
      .executeTakeFirst();
    if (!renewed) return undefined;
    const operator = await this.db
      .selectFrom('operator_account')
      .select(['id as operatorId', 'name', 'role', 'cobrands'])
      .where('id', '=', renewed.operator_id)
      .executeTakeFirst();
    return operator && { ...operator, signedInAt: Number(renewed.created_at) };
  }

  /** Ends the session; answers its operator's id if there was one. */
  async endSession(idHash: string, trx: Trx): Promise<string | undefined> {
    const ended = await trx
      .deleteFrom('operator_session')
      .where('id_hash', '=', idHash)
      .returning('operator_id')
      .executeTakeFirst();
    return ended?.operator_id;
  }
}
