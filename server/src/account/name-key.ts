/**
 * A user's name as the help desk finds it (issue 49, "find a user by name"): the name folded so that a prefix typed in
 * any case, with or without accents, finds it ("jose" finds "José Núñez"), kept in `account.name_key` and indexed, so a
 * search walks the index from the prefix. Folded here, not by the database, so SQLite and PostgreSQL fold alike.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { INVISIBLE } from './account-identity.js';

/** The folded name: compatibility form, no accents or invisible characters, lower case, one space between words. */
export const nameKeyOf = (name: string | null | undefined): string =>
  (name ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);

/** The last code point: every key that begins with a prefix sorts below the prefix followed by it (byte order). */
export const PREFIX_END = '\u{10FFFF}';

const BATCH = 500;

/**
 * Fills in the name key of every account that has none (made before the keys, or by an older instance during a
 * rolling start): at start-up, after the migrations, a batch at a time. Answers how many accounts were filled.
 */
export async function fillNameKeys(db: Kysely<Database>): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .selectFrom('account')
      .select(['id', 'display_name'])
      .where('name_key', 'is', null)
      .limit(BATCH)
      .execute();
    if (!rows.length) return filled;
    await db.transaction().execute(async (trx) => {
      for (const row of rows)
        await trx
          .updateTable('account')
          .set({ name_key: nameKeyOf(row.display_name) })
          .where('id', '=', row.id)
          .execute();
    });
    filled += rows.length;
  }
}
