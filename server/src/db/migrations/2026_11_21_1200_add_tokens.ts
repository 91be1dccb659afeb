import type { Kysely } from 'kysely';

// Frozen: portable DDL only. Tokens for two-factor users and their next-tokencode challenges.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('token')
    .addColumn('account_id', 'varchar(40)', (c) => c.primaryKey().references('account.id').onDelete('cascade'))
    .addColumn('seed_sealed', 'varchar(255)', (c) => c.notNull())
    .addColumn('pin_hmac', 'varchar(64)')
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('token_attempt')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('in_response_to', 'varchar(64)', (c) => c.notNull())
    .addColumn('referral_path', 'varchar(2048)', (c) => c.notNull())
    .addColumn('after_step', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('token_attempt_account_idx').on('token_attempt').column('account_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('token_attempt').execute();
  await db.schema.dropTable('token').execute();
}
