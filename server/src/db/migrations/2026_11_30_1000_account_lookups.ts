import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen. What the admin API, SCIM and the console look users up by, indexed so that a lookup costs the same with a
// million users as with a thousand (docs/decisions.md, "Every user lookup indexed"): the e-mail address as the lookup
// folds it, and each filter followed by the user ID key, the order every list pages in. And how many users SCIM
// counts in each cobrand (active or not, deleted by provisioning or not), kept by the database on every change of a
// row, so that SCIM states its totalResults without counting the users: portable DDL for the indexes and the table,
// each database's own for the triggers that keep the counts.

/**
 * Each filter a list pages through, followed by the user ID key: the rows it selects, in the order of the pages. A key
 * of one cobrand filters within it, so each filter is indexed within a cobrand too.
 */
const ORDERED: [string, string[]][] = [
  ['account_cobrand_order', ['cobrand', 'user_id_key']],
  ['account_status_order', ['status', 'user_id_key']],
  ['account_cobrand_status_order', ['cobrand', 'status', 'user_id_key']],
  ['account_login_type_order', ['login_type', 'user_id_key']],
  ['account_cobrand_login_type_order', ['cobrand', 'login_type', 'user_id_key']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of ORDERED) await db.schema.createIndex(name).on('account').columns(columns).execute();
  await db.schema
    .createIndex('account_email_folded')
    .on('account')
    .expression(sql`lower(email), cobrand, user_id_key`)
    .execute();
  // The externalId with the cobrand, as the e-mail address: a key of one cobrand looks a user up by both.
  await db.schema.dropIndex('account_external_id').execute();
  await db.schema
    .createIndex('account_external_id')
    .on('account')
    .columns(['external_id', 'cobrand', 'user_id_key'])
    .execute();

  await db.schema
    .createTable('account_count')
    .addColumn('cobrand', 'varchar(64)', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_count_pk', ['cobrand', 'active', 'deleted'])
    .execute();
  await sql`
    insert into account_count (cobrand, active, deleted, n)
    select cobrand, case when status = 'inactive' then 0 else 1 end, case when deleted_at is null then 0 else 1 end,
      count(*)
    from account group by 1, 2, 3`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresCounts(db);
  else await sqliteCounts(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const name of ['account_count_added', 'account_count_removed', 'account_count_changed'])
      await sql`drop trigger ${sql.id(name)} on account`.execute(db);
    for (const name of ['account_count_add', 'account_count_remove', 'account_count_change'])
      await sql`drop function ${sql.id(name)}()`.execute(db);
  } else {
    for (const name of ['account_count_added', 'account_count_removed', 'account_count_changed'])
      await sql`drop trigger ${sql.id(name)}`.execute(db);
  }
  await db.schema.dropTable('account_count').execute();
  await db.schema.dropIndex('account_external_id').execute();
  await db.schema.createIndex('account_external_id').on('account').column('external_id').execute();
  await db.schema.dropIndex('account_email_folded').execute();
  for (const [name] of ORDERED) await db.schema.dropIndex(name).execute();
}

// A row's place in the counts.
const ACTIVE = (row: 'new' | 'old') => sql.raw(`case when ${row}.status = 'inactive' then 0 else 1 end`);
const DELETED = (row: 'new' | 'old') => sql.raw(`case when ${row}.deleted_at is null then 0 else 1 end`);
// Only a change of what the counts tell fires the change: a sign-in's or a lock's update of the row does not.
const MOVED = sql.raw(
  `old.cobrand <> new.cobrand or (old.status = 'inactive') <> (new.status = 'inactive') ` +
    `or (old.deleted_at is null) <> (new.deleted_at is null)`,
);

async function sqliteCounts(db: Kysely<any>): Promise<void> {
  const add = (row: 'new' | 'old') => sql`
    insert into account_count (cobrand, active, deleted, n) values (${sql.raw(row)}.cobrand, ${ACTIVE(row)}, ${DELETED(row)}, 1)
    on conflict (cobrand, active, deleted) do update set n = n + 1;`;
  const remove = (row: 'new' | 'old') => sql`
    update account_count set n = n - 1
    where cobrand = ${sql.raw(row)}.cobrand and active = ${ACTIVE(row)} and deleted = ${DELETED(row)};`;
  await sql`create trigger account_count_added after insert on account begin ${add('new')} end`.execute(db);
  await sql`create trigger account_count_removed after delete on account begin ${remove('old')} end`.execute(db);
  await sql`
    create trigger account_count_changed after update of cobrand, status, deleted_at on account when ${MOVED}
    begin ${remove('old')} ${add('new')} end`.execute(db);
}

/**
 * On PostgreSQL a statement's inserted or deleted rows are counted once per statement (an import's batch is one
 * upsert per cobrand, not one per user); a change of a row moves it between two counts, always taken in the same
 * order so that two changes the other way round cannot deadlock on them.
 */
async function postgresCounts(db: Kysely<any>): Promise<void> {
  const grouped = (table: string, sign: '+' | '-') => `
    insert into account_count (cobrand, active, deleted, n)
    select cobrand, case when status = 'inactive' then 0 else 1 end, case when deleted_at is null then 0 else 1 end,
      ${sign === '+' ? '' : '-'}count(*)
    from ${table} group by 1, 2, 3 order by 1, 2, 3
    on conflict (cobrand, active, deleted) do update set n = account_count.n + excluded.n;`;
  await sql`
    create function account_count_add() returns trigger language plpgsql as $$
    begin ${sql.raw(grouped('added', '+'))} return null; end $$`.execute(db);
  await sql`
    create function account_count_remove() returns trigger language plpgsql as $$
    begin ${sql.raw(grouped('removed', '-'))} return null; end $$`.execute(db);
  await sql`
    create function account_count_change() returns trigger language plpgsql as $$
    declare
      was record;
      goes record;
    begin
      was := row(old.cobrand, ${ACTIVE('old')}, ${DELETED('old')});
      goes := row(new.cobrand, ${ACTIVE('new')}, ${DELETED('new')});
      if was < goes then
        update account_count set n = n - 1 where (cobrand, active, deleted) = (was.f1, was.f2, was.f3);
      end if;
      insert into account_count (cobrand, active, deleted, n) values (goes.f1, goes.f2, goes.f3, 1)
      on conflict (cobrand, active, deleted) do update set n = account_count.n + 1;
      if was > goes then
        update account_count set n = n - 1 where (cobrand, active, deleted) = (was.f1, was.f2, was.f3);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger account_count_added after insert on account referencing new table as added
    for each statement execute function account_count_add()`.execute(db);
  await sql`
    create trigger account_count_removed after delete on account referencing old table as removed
    for each statement execute function account_count_remove()`.execute(db);
  await sql`
    create trigger account_count_changed after update of cobrand, status, deleted_at on account
    for each row when (${MOVED}) execute function account_count_change()`.execute(db);
}
