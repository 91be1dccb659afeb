import type { Kysely } from 'kysely';

// Frozen: portable DDL only. When a passkey was disabled as cloned (its signature counter went backwards): from then on
// it signs nobody in, the genuine authenticator included, until the user removes it (docs/decisions.md).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('passkey').addColumn('disabled_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('passkey').dropColumn('disabled_at').execute();
}
