import type { Kysely } from 'kysely';

// Frozen: portable DDL only. Sign-ins held for the code mailed on a new device; the account's recent ones are counted
// (a cap on the codes mailed an hour), hence the index.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('device_code')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('session_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('code_hmac', 'varchar(64)', (c) => c.notNull())
    .addColumn('tries_left', 'integer', (c) => c.notNull())
    .addColumn('sends', 'integer', (c) => c.notNull())
    .addColumn('sent', 'integer', (c) => c.notNull())
    .addColumn('must_change', 'varchar(16)')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_code_account').on('device_code').columns(['account_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('device_code').execute();
}
