/**
 * PostgreSQL migrations as one transaction on one connection, holding the migration lock until it commits. Kysely's
 * migrator takes a session lock, runs its transaction and unlocks, each a statement of its own: behind PgBouncer in
 * transaction pooling they may land on different server connections, the unlock misses, and the lock stays with a
 * pooled connection, so every later start waits on it (for an hour, the migrator's lock timeout). Inside one
 * transaction the pooler keeps one server connection throughout.
 */
import { sql, type Kysely } from 'kysely';

/** The key of Kysely's own migration lock, so this lock and the migrator's are one. */
export const MIGRATION_LOCK = BigInt('3853314791062309107');

export function inMigrationTransaction<DB, T>(db: Kysely<DB>, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`begin`.execute(connection);
    try {
      // Held to the commit: the migrator's unlock releases only its own hold, so an instance starting meanwhile waits
      // until these migrations are committed, and then finds nothing to do.
      await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK)})`.execute(connection);
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}
