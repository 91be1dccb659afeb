import type { Kysely } from 'kysely';

// Frozen: portable DDL only. What the security page shows of each session (issue 34): the browser's user agent and
// the client's address at sign-in. Sessions opened before stay without them (the page shows them as unknown).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('session').addColumn('user_agent', 'varchar(256)').execute();
  await db.schema.alterTable('session').addColumn('client_address', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('session').dropColumn('client_address').execute();
  await db.schema.alterTable('session').dropColumn('user_agent').execute();
}
