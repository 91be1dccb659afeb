import type { Kysely } from 'kysely';

// Frozen: portable DDL only. Passkeys (WebAuthn credentials) and the single-use challenges of their ceremonies; the
// session notes how it was made (password, token, passkey, ...).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('passkey')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    // WebAuthn allows IDs of up to 1,023 bytes: 1,364 characters of base64url.
    .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'varchar(200)', (c) => c.notNull())
    .addColumn('device_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('passkey_account').on('passkey').column('account_id').execute();
  await db.schema
    .createTable('passkey_challenge')
    .addColumn('challenge', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('binding', 'varchar(64)', (c) => c.notNull())
    .addColumn('account_id', 'varchar(40)')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('session').addColumn('method', 'varchar(20)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('session').dropColumn('method').execute();
  await db.schema.dropTable('passkey_challenge').execute();
  await db.schema.dropTable('passkey').execute();
}
