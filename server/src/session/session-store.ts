import type { ExpressionBuilder, Kysely, Selectable, Transaction } from 'kysely';
import { prepareQuery } from '../db/prepared-query.js';
import type { Database } from '../db/tables.js';
import type { SessionTable } from './session.table.js';

export type SessionRow = Selectable<SessionTable>;
export interface Deadlines {
  idleExpiresAt: number;
  absoluteExpiresAt: number;
}

/** Every authenticated call reads its session, every ping may renew it, every logout ends it: compiled once. */
const hotQueries = (db: Kysely<Database>) => {
  const liveRow = (idHash: string, now: number) =>
    db
      .selectFrom('session')
      .where('id_hash', '=', idHash)
      .where('idle_expires_at', '>', now)
      .where('absolute_expires_at', '>', now);
  return {
    delete: prepareQuery(db, (idHash: string) =>
      db.deleteFrom('session').where('id_hash', '=', idHash).returning('account_id'),
    ),
    live: prepareQuery(db, (idHash: string, now: number) => liveRow(idHash, now).selectAll()),
    // The ping needs only the deadlines: building a row object costs more the more columns it has.
    liveDeadlines: prepareQuery(db, (idHash: string, now: number) =>
      liveRow(idHash, now).select(['idle_expires_at', 'absolute_expires_at']),
    ),
    // The same conditions again in the update: another request may have ended the session since the read.
    renew: prepareQuery(db, (idHash: string, now: number, wanted: number) =>
      db
        .updateTable('session')
        .set((eb) => ({ last_seen_at: now, idle_expires_at: renewedDeadline(eb, wanted) }))
        .where('id_hash', '=', idHash)
        .where('idle_expires_at', '>', now)
        .where('absolute_expires_at', '>', now)
        .returning(['idle_expires_at', 'absolute_expires_at']),
    ),
  };
};

export class SessionStore {
  private readonly hot: ReturnType<typeof hotQueries>;

  constructor(private readonly db: Kysely<Database>) {
    this.hot = hotQueries(db);
  }

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('session').values(row).execute();
  }

  async findLive(idHash: string, now: number): Promise<SessionRow | undefined> {
    return (await this.hot.live(idHash, now)).rows[0];
  }

  /**
   * Moves the idle deadline to `now + idleMs`, never past the absolute one; answers both deadlines, or null if the
   * session is gone. A deadline that would move by less than `minStepMs` is left as it is and answered as stored: a
   * client pinging in a loop then costs a read, not a write of an indexed column.
   */
  async renew(idHash: string, now: number, idleMs: number, minStepMs: number): Promise<Deadlines | null> {
    const [live] = (await this.hot.liveDeadlines(idHash, now)).rows;
    if (!live) return null;
    const deadlines = (row: Pick<SessionRow, 'idle_expires_at' | 'absolute_expires_at'>) => ({
      idleExpiresAt: Number(row.idle_expires_at),
      absoluteExpiresAt: Number(row.absolute_expires_at),
    });
    if (Math.min(now + idleMs, Number(live.absolute_expires_at)) - Number(live.idle_expires_at) < minStepMs)
      return deadlines(live);
    const [row] = (await this.hot.renew(idHash, now, now + idleMs)).rows;
    return row ? deadlines(row) : null;
  }

  /** Deletes the session; answers its account if there was one. */
  async delete(idHash: string): Promise<string | undefined> {
    return (await this.hot.delete(idHash)).rows[0]?.account_id;
  }

  /** Moves a live session to a new ID, all else as it was; answers whether it was still there. */
  async rekey(idHash: string, newIdHash: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('session')
      .set({ id_hash: newIdHash })
      .where('id_hash', '=', idHash)
      .where('idle_expires_at', '>', now)
      .where('absolute_expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes the account's sessions but the `keep` newest; answers how many it deleted. */
  async deleteOldestForAccount(accountId: string, keep: number): Promise<number> {
    // A user holds a handful of sessions: read them all (the account index) and cut in code, the same on both databases.
    const rows = await this.db
      .selectFrom('session')
      .select('id_hash')
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id_hash')
      .execute();
    const older = rows.slice(keep).map((row) => row.id_hash);
    if (older.length === 0) return 0;
    const result = await this.db.deleteFrom('session').where('id_hash', 'in', older).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The account's sessions, newest first (an operator's view). */
  listForAccount(accountId: string): Promise<SessionRow[]> {
    return this.db
      .selectFrom('session')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id_hash')
      .execute();
  }

  /** Deletes one session of the account; answers whether it was there. */
  async deleteOfAccount(accountId: string, idHash: string, trx?: Transaction<Database>): Promise<boolean> {
    const result = await (trx ?? this.db)
      .deleteFrom('session')
      .where('account_id', '=', accountId)
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Deletes the account's sessions; answers how many there were. */
  async deleteForAccount(accountId: string, trx?: Transaction<Database>): Promise<number> {
    const result = await (trx ?? this.db).deleteFrom('session').where('account_id', '=', accountId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes the account's sessions but those opened on one of the `devices`; answers how many there were. */
  async deleteForAccountBut(accountId: string, devices: readonly string[]): Promise<number> {
    let query = this.db.deleteFrom('session').where('account_id', '=', accountId);
    if (devices.length > 0)
      query = query.where((eb) => eb.or([eb('device_id', 'is', null), eb('device_id', 'not in', devices)]));
    return Number((await query.executeTakeFirst()).numDeletedRows);
  }

  /** Deletes the sessions single sign-on opened for the account in that cobrand; answers how many there were. */
  async deleteFederated(accountId: string, cobrand: string): Promise<number> {
    const result = await this.db
      .deleteFrom('session')
      .where('account_id', '=', accountId)
      .where('cobrand', '=', cobrand)
      .where('sso', '=', 1)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The account's live sessions, newest first (the account index: a user holds a handful). */
  async liveForAccount(accountId: string, now: number): Promise<SessionRow[]> {
    return this.db
      .selectFrom('session')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('idle_expires_at', '>', now)
      .where('absolute_expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id_hash')
      .execute();
  }

  async deleteForAccountExcept(accountId: string, keepIdHash: string): Promise<number> {
    const result = await this.db
      .deleteFrom('session')
      .where('account_id', '=', accountId)
      .where('id_hash', '!=', keepIdHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Sessions still live at `now` (an index range on the idle deadline), for the metrics. */
  async countLive(now: number): Promise<number> {
    const { n } = await this.db
      .selectFrom('session')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('idle_expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /**
   * Every row keeps its idle deadline at or before its absolute one (start and renew ensure it), so a session past
   * either is past the idle one: filtering on that indexed column alone finds them all without scanning the table.
   * Answers the account of each session it deleted, for the audit.
   */
  async deleteExpired(now: number): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('session')
      .where('idle_expires_at', '<=', now)
      .returning('account_id')
      .execute();
    return rows.map((row) => row.account_id);
  }
}

/** The wanted idle deadline capped at the absolute one: CASE rather than least()/min(), which differ by database. */
function renewedDeadline(eb: ExpressionBuilder<Database, 'session'>, wanted: number) {
  // eb.val: a bound parameter (a plain value in then/else would be written into the SQL text).
  const value = eb.val(wanted);
  return eb.case().when('absolute_expires_at', '<', value).then(eb.ref('absolute_expires_at')).else(value).end();
}
