import type { Kysely } from 'kysely';

// Frozen: portable DDL only. One row per instance that readiness writes when a write was refused (a full disk, a
// read-only database after a failover), to learn whether writes work again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('write_check')
    .addColumn('instance', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('checked_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('write_check').execute();
}
