import type { Kysely } from 'kysely';

// Frozen: portable DDL only. What a provisioning client (SCIM) keeps of a user beside the portal's own record: the ID
// it matches users by (`externalId`, Entra ID's mailNickname by default), and when it deleted the user, who then stays
// inactive for the audit trail while SCIM answers 404 for them (docs/decisions.md).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account').addColumn('external_id', 'varchar(255)').execute();
  await db.schema.alterTable('account').addColumn('deleted_at', 'bigint').execute();
  await db.schema.createIndex('account_external_id').on('account').column('external_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('account_external_id').execute();
  await db.schema.alterTable('account').dropColumn('deleted_at').execute();
  await db.schema.alterTable('account').dropColumn('external_id').execute();
}
