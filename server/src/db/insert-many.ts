/**
 * Many rows of one table in one statement, for an import's batches (its accounts, their audit events, what the SIEM is
 * sent). On PostgreSQL the rows go as one array a column, spread by `unnest`: a multi-row VALUES binds one parameter a
 * cell, and binding and parsing those cost more than the insert itself (docs/benchmarks.md, figure 14). On SQLite,
 * which binds in process, and for one row (every sign-in's audit event), a plain VALUES.
 */
import { type Insertable, type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from './tables.js';

/** Each table's column types as PostgreSQL declares them, read once a process (the arrays are cast to them). */
const declared = new Map<string, Promise<Map<string, string>>>();

function columnTypes(db: Kysely<Database>, table: string): Promise<Map<string, string>> {
  let types = declared.get(table);
  if (!types) {
    types = sql<{ name: string; type: string }>`
      select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
      from pg_attribute a where a.attrelid = to_regclass(${table}) and a.attnum > 0 and not a.attisdropped`
      .execute(db)
      .then(({ rows }) => new Map(rows.map((row) => [row.name, row.type])));
    // A failed read is read again next time.
    types.catch(() => declared.delete(table));
    declared.set(table, types);
  }
  return types;
}

export async function insertMany<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  if (!rows.length) return;
  if (rows.length === 1 || !(db.getExecutor().adapter instanceof PostgresAdapter)) {
    // Kysely's types take the table's rows; the caller's type says they are.
    await db
      .insertInto(table)
      .values(rows as never)
      .execute();
    return;
  }
  const types = await columnTypes(db, table);
  const columns = Object.keys(rows[0]!);
  const arrays = columns.map((column) => {
    const type = types.get(column);
    if (!type) throw new Error(`${table} has no column ${column}`);
    const values = rows.map((row) => (row as Record<string, unknown>)[column] ?? null);
    return sql`${values}::${sql.raw(type)}[]`;
  });
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
    select * from unnest(${sql.join(arrays)})`.execute(db);
}
