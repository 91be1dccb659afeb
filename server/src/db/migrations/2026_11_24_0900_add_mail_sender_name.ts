import type { Kysely } from 'kysely';

// Frozen: portable DDL only. The name a mail is sent under (the user's bank); null sends under MAIL_FROM's own name.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('sender_name', 'varchar(200)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('sender_name').execute();
}
