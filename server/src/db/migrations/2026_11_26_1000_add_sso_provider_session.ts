import type { Kysely } from 'kysely';

// Frozen: portable DDL only. The provider sessions (OIDC `sid` and `sub`) behind federated portal sessions, so that
// the provider's back-channel logout can end them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_provider_session')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('cobrand', 'varchar(100)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('sid', 'varchar(255)')
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sso_provider_session_sid')
    .on('sso_provider_session')
    .columns(['cobrand', 'sid'])
    .execute();
  await db.schema
    .createIndex('sso_provider_session_subject')
    .on('sso_provider_session')
    .columns(['cobrand', 'subject'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_provider_session').execute();
}
