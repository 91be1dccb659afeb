/** One page of the accounts an operator lists, filtered, in user ID order, and the key to the next page. */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/tables.js';
import type { AccountStatus, LoginType } from './account.table.js';
import { lookupKeys } from './account-identity.js';
import { type AccountRow, namedBy } from './account-store.js';

export interface AccountFilter {
  /** The cobrands to list from; null: all. */
  cobrands: readonly string[] | null;
  status?: AccountStatus | undefined;
  /** Active (any status but inactive: a locked user is still provisioned) or inactive. */
  active?: boolean | undefined;
  /** The one user a user ID names (`lookupKeys`: its key, or as typed for an account that holds it so). */
  userId?: string | undefined;
  loginType?: LoginType | undefined;
  email?: string | undefined;
  /** The provisioning client's ID of the user (SCIM `externalId`). */
  externalId?: string | undefined;
  /** Deleted by provisioning (SCIM DELETE) or not; undefined: either. */
  deleted?: boolean | undefined;
  /** The user ID key the previous page ended with (keyset paging: a page is as cheap at the end as at the start). */
  after?: string | undefined;
  limit: number;
}

type AccountQuery<O> = SelectQueryBuilder<Database, 'account', O>;

function filtered<O>(
  db: Kysely<Database>,
  query: AccountQuery<O>,
  filter: Omit<AccountFilter, 'limit' | 'after'>,
): AccountQuery<O> {
  if (filter.cobrands) query = query.where('cobrand', 'in', [...filter.cobrands]);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.active !== undefined) query = query.where('status', filter.active ? '!=' : '=', 'inactive');
  if (filter.userId !== undefined) {
    const { key, asTyped } = lookupKeys(filter.userId);
    query = query.where('id', '=', namedBy(db, key, asTyped));
  }
  if (filter.loginType) query = query.where('login_type', '=', filter.loginType);
  if (filter.email) query = query.where('email', '=', filter.email.trim());
  if (filter.externalId !== undefined) query = query.where('external_id', '=', filter.externalId);
  if (filter.deleted !== undefined) query = query.where('deleted_at', filter.deleted ? 'is not' : 'is', null);
  return query;
}

export async function accountPage(
  db: Kysely<Database>,
  filter: AccountFilter,
): Promise<{ rows: AccountRow[]; next: string | null }> {
  if (filter.cobrands?.length === 0) return { rows: [], next: null };
  let query = filtered(db, db.selectFrom('account').selectAll(), filter);
  if (filter.after) query = query.where('user_id_key', '>', filter.after);
  // One row more than asked tells whether there is a next page without counting.
  const rows = await query
    .orderBy('user_id_key')
    .limit(filter.limit + 1)
    .execute();
  const page = rows.slice(0, filter.limit);
  return { rows: page, next: rows.length > filter.limit ? page.at(-1)!.user_id_key : null };
}

/**
 * The accounts a filter selects from the `offset`-th on, in user ID order, and how many it selects in all: SCIM pages
 * by index (startIndex, count) and states the total, where the admin API pages by key.
 */
export async function accountSlice(
  db: Kysely<Database>,
  filter: Omit<AccountFilter, 'after'> & { offset: number },
): Promise<{ rows: AccountRow[]; total: number }> {
  if (filter.cobrands?.length === 0) return { rows: [], total: 0 };
  const counted = await filtered(db, db.selectFrom('account'), filter)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  if (filter.limit === 0 || filter.offset >= total) return { rows: [], total };
  const rows = await filtered(db, db.selectFrom('account').selectAll(), filter)
    .orderBy('user_id_key')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { rows, total };
}
