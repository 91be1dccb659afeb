import type { Kysely } from 'kysely';

// Frozen: portable DDL only. The trusted device a session was opened on: a lock on unknown devices ends the sessions
// of the devices it locks out and leaves the user's trusted browsers signed in (docs/decisions.md, "Device trust").
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('session').addColumn('device_id', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('session').dropColumn('device_id').execute();
}
