import type { Kysely } from 'kysely';

// Frozen: portable DDL only. An account's recovery codes, kept as HMACs: each stands in once for a lost token's code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('recovery_code')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('code_hmac', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('recovery_code_account_hmac')
    .on('recovery_code')
    .columns(['account_id', 'code_hmac'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recovery_code').execute();
}
