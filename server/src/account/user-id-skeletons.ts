/**
 * Fills in the skeleton of every account that has none (docs/decisions.md, "User IDs: one form, and no look-alikes"):
 * at start-up, after the migrations, so that the check of a new user ID against the existing ones is one indexed
 * lookup. The first account of a skeleton, in id order, holds it; a later one that looks the same keeps none and
 * keeps working. Instances starting together may both fill: a skeleton taken meanwhile is left to its holder.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { userIdSkeleton } from './account-identity.js';

const BATCH = 500;

/** Answers how many accounts were given their skeleton. */
export async function fillUserIdSkeletons(db: Kysely<Database>): Promise<number> {
  let filled = 0;
  for (let after = ''; ;) {
    const rows = await db
      .selectFrom('account')
      .select(['id', 'user_id'])
      .where('user_id_skeleton', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (!rows.length) return filled;
    after = rows.at(-1)!.id;
    filled += await fillBatch(db, rows);
  }
}

async function fillBatch(db: Kysely<Database>, rows: { id: string; user_id: string }[]): Promise<number> {
  const wanted = new Map<string, string>();
  for (const row of rows) {
    const skeleton = userIdSkeleton(row.user_id);
    if (!wanted.has(skeleton)) wanted.set(skeleton, row.id);
  }
  const held = await db
    .selectFrom('account')
    .select('user_id_skeleton')
    .where('user_id_skeleton', 'in', [...wanted.keys()])
    .execute();
  for (const { user_id_skeleton: skeleton } of held) wanted.delete(skeleton!);
  if (!wanted.size) return 0;
  const [first, ...more] = [...wanted];
  try {
    await db
      .updateTable('account')
      .set((eb) => {
        let byId = eb.case().when('id', '=', first![1]).then(first![0]);
        for (const [skeleton, id] of more) byId = byId.when('id', '=', id).then(skeleton);
        return { user_id_skeleton: byId.end() };
      })
      .where('id', 'in', [...wanted.values()])
      .where('user_id_skeleton', 'is', null)
      .execute();
    return wanted.size;
  } catch {
    // Another instance, or a new account, took one of them meanwhile: one at a time, each taken one left alone.
    let filled = 0;
    for (const [skeleton, id] of wanted) filled += (await fillOne(db, id, skeleton)) ? 1 : 0;
    return filled;
  }
}

async function fillOne(db: Kysely<Database>, id: string, skeleton: string): Promise<boolean> {
  try {
    const result = await db
      .updateTable('account')
      .set({ user_id_skeleton: skeleton })
      .where('id', '=', id)
      .where('user_id_skeleton', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  } catch (error) {
    const holder = await db
      .selectFrom('account')
      .select('id')
      .where('user_id_skeleton', '=', skeleton)
      .executeTakeFirst();
    if (holder) return false;
    throw error;
  }
}
