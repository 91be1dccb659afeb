import type { Kysely } from 'kysely';

// Frozen: portable DDL only. What each user ID looks like (UTS #39 skeleton), unique so that no new ID can be mistaken
// for an existing one; the service fills it at start-up, which migrations cannot (docs/decisions.md, "User IDs: one
// form, and no look-alikes"). A later change of the confusables data sets it back to null here, to be filled again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account').addColumn('user_id_skeleton', 'text').execute();
  await db.schema.createIndex('account_user_id_skeleton').unique().on('account').column('user_id_skeleton').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('account_user_id_skeleton').execute();
  await db.schema.alterTable('account').dropColumn('user_id_skeleton').execute();
}
