import type { Kysely } from 'kysely';

// Frozen: portable DDL only. Single sign-on: which provider subject is which portal user, per cobrand; and the
// values a sign-on may use once (OIDC state, SAML request and assertion IDs) until they would have expired anyway.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_link')
    .addColumn('cobrand', 'varchar(100)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_link_pk', ['cobrand', 'subject'])
    .execute();
  await db.schema.createIndex('sso_link_account').on('sso_link').column('account_id').execute();
  await db.schema
    .createTable('sso_once')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(300)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_once').execute();
  await db.schema.dropTable('sso_link').execute();
}
