import type { Kysely } from 'kysely';

// Frozen: portable DDL only. The help desk's operators and their console sessions (staff/).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('operator_account')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('cobrands', 'varchar(2000)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('totp_sealed', 'varchar(255)', (c) => c.notNull())
    .addColumn('totp_last_step', 'bigint', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('operator_session')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('operator_id', 'varchar(40)', (c) => c.notNull().references('operator_account.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('idle_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('client_address', 'varchar(64)')
    .addColumn('user_agent', 'varchar(256)')
    .execute();
  await db.schema.createIndex('operator_session_operator').on('operator_session').column('operator_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('operator_session').execute();
  await db.schema.dropTable('operator_account').execute();
}
