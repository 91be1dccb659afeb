import type { Kysely } from 'kysely';

// Frozen: portable DDL only. The changes one operator asks for and a second approves (staff/approval.table.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('approval')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('cobrand', 'varchar(64)', (c) => c.notNull())
    .addColumn('detail', 'varchar(2000)', (c) => c.notNull())
    .addColumn('reason', 'varchar(2000)', (c) => c.notNull())
    .addColumn('requested_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_by', 'varchar(64)')
    .addColumn('decided_at', 'bigint')
    .addColumn('outcome', 'varchar(16)')
    .execute();
  // What waits, per cobrand, the oldest first; and a user's own.
  await db.schema
    .createIndex('approval_waiting')
    .on('approval')
    .columns(['outcome', 'cobrand', 'requested_at'])
    .execute();
  await db.schema.createIndex('approval_account').on('approval').column('account_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('approval').execute();
}
