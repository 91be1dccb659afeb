import type { Kysely } from 'kysely';

// Frozen: portable DDL only. The admin API's keys, by a keyed hash of each.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_key')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('scopes', 'varchar(400)', (c) => c.notNull())
    .addColumn('cobrands', 'varchar(2000)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_key').execute();
}
