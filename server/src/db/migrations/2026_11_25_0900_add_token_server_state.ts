import type { Kysely } from 'kysely';

// Frozen: portable DDL only. A token step the bank's token server is asking about (a RADIUS challenge): what it asks
// for, its State (sealed), and a tokencode held for it until the new PIN arrives (sealed).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('token_attempt')
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull().defaultTo('next_token'))
    .execute();
  await db.schema.alterTable('token_attempt').addColumn('server_state', 'varchar(1024)').execute();
  await db.schema.alterTable('token_attempt').addColumn('held_passcode', 'varchar(255)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('token_attempt').dropColumn('held_passcode').execute();
  await db.schema.alterTable('token_attempt').dropColumn('server_state').execute();
  await db.schema.alterTable('token_attempt').dropColumn('purpose').execute();
}
