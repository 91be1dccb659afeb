import type { Kysely } from 'kysely';

// Frozen: portable DDL only. Security events waiting for the bank's SIEM (webhooks, syslog), one row per event and
// sink, written with the audit row; the index finds the earliest waiting event of an account, which goes first.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('siem_outbox')
    .addColumn('sink', 'varchar(140)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('stream', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint')
    .addColumn('last_error', 'varchar(500)')
    .addPrimaryKeyConstraint('siem_outbox_pk', ['sink', 'event_id'])
    .execute();
  await db.schema
    .createIndex('siem_outbox_stream_idx')
    .on('siem_outbox')
    .columns(['sink', 'stream', 'event_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('siem_outbox').execute();
}
