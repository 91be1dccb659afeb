import type { Kysely } from 'kysely';

// Frozen: portable DDL only. The browsers an account has signed in from (OWASP's device cookies): each counts its own
// failed tries, so that a lock on unknown devices does not stop the user's own browser (docs/decisions.md).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trusted_device')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_at', 'bigint')
    .addColumn('browser', 'varchar(120)', (c) => c.notNull())
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .addColumn('locale', 'varchar(10)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trusted_device_account').on('trusted_device').column('account_id').execute();
  // When the account's last unknown-devices lock mail went: never more than one an hour.
  await db.schema.alterTable('account').addColumn('lock_mailed_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account').dropColumn('lock_mailed_at').execute();
  await db.schema.dropTable('trusted_device').execute();
}
