import type { Kysely } from 'kysely';

// Frozen: portable DDL only. Who made an audited change and from where: the client's address and user agent for a
// change made through the portal, the administrator for one made at the command line.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_event').addColumn('client_address', 'varchar(64)').execute();
  await db.schema.alterTable('audit_event').addColumn('user_agent', 'varchar(256)').execute();
  await db.schema.alterTable('audit_event').addColumn('actor', 'varchar(128)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_event').dropColumn('actor').execute();
  await db.schema.alterTable('audit_event').dropColumn('user_agent').execute();
  await db.schema.alterTable('audit_event').dropColumn('client_address').execute();
}
