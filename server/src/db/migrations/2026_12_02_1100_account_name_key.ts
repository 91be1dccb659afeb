import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen. The name the help desk finds a user by, folded (account/name-key.ts) and indexed in byte order, so that a
// prefix is a range of the index on SQLite and PostgreSQL alike: PostgreSQL's column takes the "C" collation, which
// compares bytes as SQLite's BINARY does (a language's collation may order a prefix's names apart). The start-up fills
// the keys of the accounts there are (fillNameKeys).
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('account')
    .addColumn('name_key', 'varchar(200)', (c) => (postgres ? c.modifyEnd(sql`collate "C"`) : c))
    .execute();
  await db.schema.createIndex('account_name_order').on('account').columns(['name_key', 'user_id_key']).execute();
  await db.schema
    .createIndex('account_cobrand_name_order')
    .on('account')
    .columns(['cobrand', 'name_key', 'user_id_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('account_cobrand_name_order').execute();
  await db.schema.dropIndex('account_name_order').execute();
  await db.schema.alterTable('account').dropColumn('name_key').execute();
}
