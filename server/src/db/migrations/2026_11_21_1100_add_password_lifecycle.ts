import type { Kysely } from 'kysely';

// Frozen: portable DDL only. Adds what the password lifecycle needs: the history of the last passwords, temporary
// passwords waiting to be used, the mail outbox, and two account columns.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account').addColumn('last_signin_at', 'bigint').execute();
  await db.schema.alterTable('account').addColumn('password_expires_at', 'bigint').execute();

  await db.schema
    .createTable('password_history')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_history_account_idx')
    .on('password_history')
    .columns(['account_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('temporary_password')
    .addColumn('account_id', 'varchar(40)', (c) => c.primaryKey().references('account.id').onDelete('cascade'))
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint')
    .addColumn('sent_at', 'bigint')
    .addColumn('last_error', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['sent_at', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['mail_outbox', 'temporary_password', 'password_history'])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('account').dropColumn('password_expires_at').execute();
  await db.schema.alterTable('account').dropColumn('last_signin_at').execute();
}
