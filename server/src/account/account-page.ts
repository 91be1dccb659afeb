/**
 * Pages of the accounts an operator lists or SCIM reads: filtered, in user ID key order, each page begun by key
 * (keyset), so that every lookup walks an index from where its page begins and stops at the page's end: as cheap with a
 * million users as with a thousand (docs/decisions.md, "Every user lookup indexed").
 */
import { type Kysely, type SelectQueryBuilder, sql, SqliteAdapter } from 'kysely';
import type { Database } from '../db/tables.js';
import type { AccountStatus, LoginType } from './account.table.js';
import { lookupKeys } from './account-identity.js';
import { nameKeyOf, PREFIX_END } from './name-key.js';
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
  /** The address, in any case: `A@B.example` finds `a@b.example` (as far as the database folds case: ASCII on SQLite). */
  email?: string | undefined;
  /** The provisioning client's ID of the user (SCIM `externalId`). */
  externalId?: string | undefined;
  /** The start of the user's name, folded (`nameKeyOf`): a page of names in name order. */
  name?: string | undefined;
  /** Deleted by provisioning (SCIM DELETE) or not; undefined: either. */
  deleted?: boolean | undefined;
  /** The user ID key the previous page ended with. */
  after?: string | undefined;
  limit: number;
}

type Criteria = Omit<AccountFilter, 'cobrands' | 'after' | 'limit' | 'name'>;
type AccountQuery<O> = SelectQueryBuilder<Database, 'account', O>;

function filtered<O>(db: Kysely<Database>, query: AccountQuery<O>, filter: Criteria): AccountQuery<O> {
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.active !== undefined) query = query.where('status', filter.active ? '!=' : '=', 'inactive');
  if (filter.userId !== undefined) {
    const { key, asTyped } = lookupKeys(filter.userId);
    query = query.where('id', '=', namedBy(db, key, asTyped));
  }
  if (filter.loginType) query = query.where('login_type', '=', filter.loginType);
  // The expression the index `account_email_folded` is made of, on both sides.
  const email = filter.email?.trim();
  if (filter.email) query = query.where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])));
  if (filter.externalId !== undefined) query = query.where('external_id', '=', filter.externalId);
  if (filter.deleted !== undefined) query = query.where('deleted_at', filter.deleted ? 'is not' : 'is', null);
  return query;
}

/**
 * The filter's rows after the key `after`, from the `offset`-th on, at most `limit`, in key order, of the columns
 * `pick` selects. A key of several cobrands gets one query per cobrand, each walking its cobrand's index in key order,
 * merged in the database: `cobrand in (...)` would read every row of those cobrands to sort them.
 */
function inKeyOrder<O extends { user_id_key: string }>(
  db: Kysely<Database>,
  filter: Omit<AccountFilter, 'after' | 'limit'>,
  page: { after: string | undefined; offset: number; limit: number },
  pick: (query: AccountQuery<object>) => AccountQuery<O>,
) {
  const one = (cobrand: string | undefined, limit: number) => {
    let query = filtered(db, pick(db.selectFrom('account')), filter);
    if (cobrand !== undefined) query = query.where('cobrand', '=', cobrand);
    if (page.after !== undefined) query = query.where('user_id_key', '>', page.after);
    return query.orderBy('user_id_key').limit(limit);
  };
  const cobrands = filter.cobrands;
  if (!cobrands || cobrands.length === 1) return one(cobrands?.[0], page.limit).offset(page.offset);
  const parts = cobrands.map((cobrand) => db.selectFrom(one(cobrand, page.offset + page.limit).as('part')).selectAll());
  return parts
    .reduce((all, part) => all.unionAll(part))
    .orderBy('user_id_key')
    .limit(page.limit)
    .offset(page.offset);
}

const rows = (query: AccountQuery<object>) => query.selectAll();

/**
 * The filter's rows whose name begins with `filter.name`, in name order and then key order, after the account the key
 * `after` names: a range of the name index (within one cobrand, of its own), read from the prefix on. The page's
 * cursor stays the user ID key of its last row; where that row's name stands is read back by the key's index.
 */
function inNameOrder(
  db: Kysely<Database>,
  filter: Omit<AccountFilter, 'limit'>,
  page: { after: string | undefined; limit: number },
) {
  const prefix = nameKeyOf(filter.name);
  let query = filtered(db, rows(db.selectFrom('account')), filter)
    .where('name_key', '>=', prefix)
    .where('name_key', '<', `${prefix}${PREFIX_END}`);
  // A prefix that folds to nothing (spaces, accents alone) names nobody: it would list every name.
  if (!prefix) query = query.where(sql<boolean>`1 = 0`);
  const cobrands = filter.cobrands;
  if (cobrands)
    query = query.where(
      'cobrand',
      cobrands.length === 1 ? '=' : 'in',
      cobrands.length === 1 ? cobrands[0]! : [...cobrands],
    );
  if (page.after !== undefined) {
    const after = page.after;
    const last = db.selectFrom('account').select('name_key').where('user_id_key', '=', after);
    query = query.where((eb) =>
      eb.or([eb('name_key', '>', last), eb.and([eb('name_key', '=', last), eb('user_id_key', '>', after)])]),
    );
  }
  return query.orderBy('name_key').orderBy('user_id_key').limit(page.limit);
}
const keys = (query: AccountQuery<object>) => query.select('user_id_key');

/** One page for an operator, and the key of the next (null on the last). */
export async function accountPage(
  db: Kysely<Database>,
  filter: AccountFilter,
): Promise<{ rows: AccountRow[]; next: string | null }> {
  if (filter.cobrands?.length === 0) return { rows: [], next: null };
  // One row more than asked tells whether there is a next page without counting.
  const page = { after: filter.after, offset: 0, limit: filter.limit + 1 };
  const found = await (
    filter.name !== undefined ? inNameOrder(db, filter, page) : inKeyOrder(db, filter, page, rows)
  ).execute();
  const shown = found.slice(0, filter.limit);
  return { rows: shown, next: found.length > filter.limit ? shown.at(-1)!.user_id_key : null };
}

/**
 * How many rows a jump skips in one statement. SQLite runs it on the service's thread, which is let go between
 * statements, so a statement there stays short (each row skipped is a lookup of the row, for the filters: some
 * microseconds); PostgreSQL's run beside the thread, and fewer round trips make the jump sooner.
 */
export const SKIP_CHUNK = { sqlite: 500, postgres: 10_000 };
const letGo = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A page for SCIM, which pages by index: the rows after the key `after` less the first `skip` of them, and the key the
 * page ends at (null when empty). SCIM remembers where each page ended, so reading page after page skips nothing; a
 * jump walks the rows it skips by key alone, a chunk at a time.
 */
export async function accountSlice(
  db: Kysely<Database>,
  filter: Omit<AccountFilter, 'after'> & { after?: string | undefined; skip: number },
): Promise<{ rows: AccountRow[]; last: string | null }> {
  if (filter.cobrands?.length === 0 || filter.limit === 0) return { rows: [], last: null };
  let after = filter.after;
  const chunk = db.getExecutor().adapter instanceof SqliteAdapter ? SKIP_CHUNK.sqlite : SKIP_CHUNK.postgres;
  for (let skip = filter.skip; skip > 0;) {
    const step = Math.min(skip, chunk);
    const reached = await inKeyOrder(db, filter, { after, offset: step - 1, limit: 1 }, keys).executeTakeFirst();
    if (!reached) return { rows: [], last: null };
    after = reached.user_id_key;
    skip -= step;
    if (skip > 0) await letGo();
  }
  const found = await inKeyOrder(db, filter, { after, offset: 0, limit: filter.limit }, rows).execute();
  return { rows: found, last: found.at(-1)?.user_id_key ?? null };
}

/** What SCIM counts by: its filters (SCIM never filters on a status or a login type). */
export type CountFilter = Pick<AccountFilter, 'cobrands' | 'active' | 'deleted' | 'userId' | 'email' | 'externalId'>;

/**
 * How many accounts a filter selects, for SCIM's totalResults. A filter naming a user, an address or an externalId
 * counts the rows its index finds (those who share the value); otherwise the counts the database keeps by cobrand,
 * active and deleted (`account_count`, kept by triggers) are added up: a few rows, whatever the number of users.
 */
export async function accountTotal(db: Kysely<Database>, filter: CountFilter): Promise<number> {
  if (filter.cobrands?.length === 0) return 0;
  if (filter.userId !== undefined || filter.email || filter.externalId !== undefined) {
    let query = filtered(db, db.selectFrom('account'), filter);
    if (filter.cobrands) query = query.where('cobrand', 'in', [...filter.cobrands]);
    const { n } = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    return Number(n);
  }
  let query = db.selectFrom('account_count');
  if (filter.cobrands) query = query.where('cobrand', 'in', [...filter.cobrands]);
  if (filter.active !== undefined) query = query.where('active', '=', filter.active ? 1 : 0);
  if (filter.deleted !== undefined) query = query.where('deleted', '=', filter.deleted ? 1 : 0);
  const { n } = await query.select((eb) => eb.fn.sum<number | string | null>('n').as('n')).executeTakeFirstOrThrow();
  return Number(n ?? 0);
}
