import type { Kysely } from 'kysely';

// Frozen: portable DDL only. The name a mail greets the user by; null greets them by their user ID.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account').addColumn('display_name', 'varchar(200)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account').dropColumn('display_name').execute();
}
