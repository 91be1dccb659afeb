import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/tables.js';
import type { SessionTable } from './session.table.js';

export type SessionRow = Selectable<SessionTable>;

export class SessionStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('session').values(row).execute();
  }

  findLive(idHash: string, now: number): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('session')
      .selectAll()
      .where('id_hash', '=', idHash)
      .where('idle_expires_at', '>', now)
      .where('absolute_expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Moves the idle deadline, never past the absolute one; answers both deadlines, or null if the session is gone. */
  async renew(idHash: string, now: number, idleMs: number): Promise<{ idleExpiresAt: number; absoluteExpiresAt: number } | null> {
    const row = await this.db
      .updateTable('session')
      .set((eb) => ({
        last_seen_at: now,
        // CASE rather than least()/min(), which differ between PostgreSQL and SQLite.
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
      .returning(['idle_expires_at', 'absolute_expires_at'])
      .executeTakeFirst();
    return row ? { idleExpiresAt: Number(row.idle_expires_at), absoluteExpiresAt: Number(row.absolute_expires_at) } : null;
  }

  async delete(idHash: string): Promise<void> {
    await this.db.deleteFrom('session').where('id_hash', '=', idHash).execute();
  }

  async deleteForAccount(accountId: string): Promise<void> {
    await this.db.deleteFrom('session').where('account_id', '=', accountId).execute();
  }

  async deleteForAccountExcept(accountId: string, keepIdHash: string): Promise<void> {
    await this.db.deleteFrom('session').where('account_id', '=', accountId).where('id_hash', '!=', keepIdHash).execute();
  }

  /**
   * Every row keeps its idle deadline at or before its absolute one (start and renew ensure it), so a session past
   * either is past the idle one: filtering on that indexed column alone finds them all without scanning the table.
   */
  async deleteExpired(now: number): Promise<number> {
    const result = await this.db
      .deleteFrom('session')
      .where('idle_expires_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
