import type { Kysely } from 'kysely';

// Frozen: portable DDL only (ids and timestamps are made by the app; times are epoch milliseconds in bigint).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('ldap_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('cobrand', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('login_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('password_state', 'varchar(16)', (c) => c.notNull())
    .addColumn('password_changed_at', 'bigint', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_at', 'bigint')
    .addColumn('security_question', 'varchar(255)')
    .addColumn('security_answer_hash', 'varchar(255)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('cobrand', 'varchar(64)', (c) => c.notNull())
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('sso', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('idle_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('session_account_idx').on('session').column('account_id').execute();
  await db.schema.createIndex('session_idle_expiry_idx').on('session').column('idle_expires_at').execute();

  await db.schema
    .createTable('cobrand')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('abbreviation', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('version', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_event')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('account_id', 'varchar(40)')
    .addColumn('detail', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_event_account_idx').on('audit_event').columns(['account_id', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['audit_event', 'cobrand', 'session', 'account']) await db.schema.dropTable(table).execute();
}
