/**
 * Users for figure 12, made by the database itself in one statement (a recursive CTE on SQLite, generate_series on
 * PostgreSQL): a million rows take seconds, where the API would take hours. Both make the same users:
 * - user i's ID is `u` and two 7-digit numbers, a scrambled one first, so that user ID order is not the order of
 *   insertion (nor of cobrands, statuses or anything else);
 * - 23 cobrands (`lookup00` to `lookup22`, i mod 23); 1 % locked, 2 % inactive (a quarter of those deleted by
 *   provisioning); 10 % token users; every address in mixed case (`First.<id>@Bank.example`), so a lookup in lower
 *   case finds it only by folding; every user an externalId (`ext-<i>`) and a name (`First <ID in capitals>`, with
 *   its folded key as the service writes it).
 * The password hash is a placeholder: figure 12 signs no one in.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/src/db/tables.js';

export const LOOKUP_COBRANDS = 23;
export const lookupCobrand = (i: number) => `lookup${String(i % LOOKUP_COBRANDS).padStart(2, '0')}`;
const scrambled = (i: number) => (i * 7919) % 1_000_003;
export const lookupUserId = (i: number) => `u${String(scrambled(i)).padStart(7, '0')}${String(i).padStart(7, '0')}`;
export const lookupEmail = (i: number) => `First.${lookupUserId(i)}@Bank.example`;

/** The columns of every row, from the number `i` (1 to n), in SQL both databases read alike. */
const COLUMNS = `
  'a' || i, uid, uid, 'l' || i, 's' || i, 'First.' || uid || '@Bank.example',
  'lookup' || substr('0' || (i % 23), -2, 2),
  case when i % 100 = 1 then 'locked' when i % 100 in (2, 3) then 'inactive' else 'active' end,
  case when i % 10 = 7 then 'token' else 'password' end,
  'x', 'current', 0, 0, 0, 0, 'ext-' || i, case when i % 200 = 3 then 0 end,
  'First ' || upper(uid), 'first ' || uid`;
const NAMES = `id, user_id, user_id_key, ldap_id, user_id_skeleton, email, cobrand, status, login_type, password_hash,
  password_state, password_changed_at, failed_attempts, created_at, updated_at, external_id, deleted_at, display_name,
  name_key`;

/** Adds users `from` to `to` (numbers from 1) to the migrated database. */
export async function fillUsers(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  to: number,
  from = 1,
): Promise<void> {
  const [first, last] = [Math.trunc(from), Math.trunc(to)];
  if (dialect === 'sqlite') {
    const uid = `'u' || substr('000000' || ((i * 7919) % 1000003), -7, 7) || substr('000000' || i, -7, 7)`;
    await sql
      .raw(
        `with recursive counter(i) as (select ${first} union all select i + 1 from counter where i < ${last}),
         numbered(i, uid) as (select i, ${uid} from counter)
         insert into account (${NAMES}) select ${COLUMNS} from numbered`,
      )
      .execute(db);
    return;
  }
  const uid = `'u' || lpad(((i::bigint * 7919) % 1000003)::text, 7, '0') || lpad(i::text, 7, '0')`;
  await sql
    .raw(
      `insert into account (${NAMES})
       select ${COLUMNS.replace("substr('0' || (i % 23), -2, 2)", "lpad((i % 23)::text, 2, '0')")}
       from (select i, ${uid} as uid from generate_series(${first}, ${last}) as i) as numbered`,
    )
    .execute(db);
}
