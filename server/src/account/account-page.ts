/** One page of the accounts an operator lists, filtered, in user ID order, and the key to the next page. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { AccountStatus, LoginType } from './account.table.js';
import type { AccountRow } from './account-store.js';

export interface AccountFilter {
  /** The cobrands to list from; null: all. */
  cobrands: readonly string[] | null;
  status?: AccountStatus | undefined;
  loginType?: LoginType | undefined;
  email?: string | undefined;
  /** The user ID key the previous page ended with (keyset paging: a page is as cheap at the end as at the start). */
  after?: string | undefined;
  limit: number;
}

export async function accountPage(
  db: Kysely<Database>,
  filter: AccountFilter,
): Promise<{ rows: AccountRow[]; next: string | null }> {
  let query = db.selectFrom('account').selectAll();
  if (filter.cobrands) {
    if (filter.cobrands.length === 0) return { rows: [], next: null };
    query = query.where('cobrand', 'in', [...filter.cobrands]);
  }
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.loginType) query = query.where('login_type', '=', filter.loginType);
  if (filter.email) query = query.where('email', '=', filter.email.trim());
  if (filter.after) query = query.where('user_id_key', '>', filter.after);
  // One row more than asked tells whether there is a next page without counting.
  const rows = await query
    .orderBy('user_id_key')
    .limit(filter.limit + 1)
    .execute();
  const page = rows.slice(0, filter.limit);
  return { rows: page, next: rows.length > filter.limit ? page.at(-1)!.user_id_key : null };
}
