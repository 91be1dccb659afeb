/**
 * Queries on the path of every call (the session check, the login-info lookup, a sign-in's writes) are written with
 * Kysely like every other query, but built and compiled once: each call then binds its values to the same SQL text and
 * runs it. Building and compiling cost more than SQLite's own work for these reads: docs/benchmarks.md, "Before and
 * after", section "Prepared Kysely queries".
 *
 * The trap: `build` runs once, with markers for its arguments, so an `if` on an argument's value would pick one branch
 * for ever. Write a query that varies as two prepared queries, or as a plain Kysely query.
 */
import { createQueryId, type Compilable, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './tables.js';

type Slot = { argument: number } | { constant: unknown };

/**
 * Compiles `build` at once for `db`'s dialect, with markers in place of its arguments, so `build` must not branch on
 * their values and must declare each argument (no defaults or rest: its `length` says how many there are). Every value
 * it binds is one of its arguments or a constant written in it, bound as written every time.
 */
/** A prepared query: run on the database, or `within` a transaction (the same text, on the transaction's connection). */
export type Prepared<A extends unknown[], O> = ((...args: A) => Promise<QueryResult<O>>) & {
  within: (trx: Kysely<Database>, ...args: A) => Promise<QueryResult<O>>;
};

export function prepareQuery<A extends unknown[], O>(
  db: Kysely<Database>,
  build: (...args: A) => Compilable<O>,
): Prepared<A, O> {
  // Unique strings: Kysely binds them as it would any value, and each is found again in the parameter list.
  const markers = Array.from({ length: build.length }, (_, i) => `\u0000argument ${i}\u0000`);
  const { sql, parameters, query } = build(...(markers as unknown as A)).compile();
  const slots = parameters.map((value): Slot => {
    const argument = markers.indexOf(value as string);
    return argument >= 0 ? { argument } : { constant: value };
  });
  const unused = markers.filter((_, i) => !slots.some((slot) => 'argument' in slot && slot.argument === i));
  if (unused.length > 0) throw new Error(`prepareQuery: ${unused.length} argument(s) are not bound in: ${sql}`);
  const run = (on: Kysely<Database>, args: A) => {
    const bound = slots.map((slot) => ('argument' in slot ? args[slot.argument] : slot.constant));
    return on.executeQuery<O>({ sql, query, parameters: bound, queryId: createQueryId() });
  };
  return Object.assign((...args: A) => run(db, args), {
    within: (trx: Kysely<Database>, ...args: A) => run(trx, args),
  });
}
