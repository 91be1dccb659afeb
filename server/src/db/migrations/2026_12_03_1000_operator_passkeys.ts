import type { Kysely } from 'kysely';

// Frozen: portable DDL only. The operators' passkeys and their ceremonies' challenges (staff/operator-passkey.table.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('operator_passkey')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('operator_id', 'varchar(40)', (c) => c.notNull().references('operator_account.id').onDelete('cascade'))
    .addColumn('credential_id', 'varchar(1024)', (c) => c.notNull().unique())
    .addColumn('public_key', 'varchar(2048)', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('operator_passkey_operator').on('operator_passkey').column('operator_id').execute();
  await db.schema
    .createTable('operator_passkey_challenge')
    .addColumn('challenge', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('binding', 'varchar(64)', (c) => c.notNull())
    .addColumn('operator_id', 'varchar(40)')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('operator_passkey_challenge').execute();
  await db.schema.dropTable('operator_passkey').execute();
}
