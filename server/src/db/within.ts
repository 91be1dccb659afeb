/** Repositories take an optional transaction: a change that must commit with another (its audit event) passes one. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './tables.js';

/** `work` in the caller's transaction when it gives one, else in a transaction of its own. */
export function within<T>(
  db: Kysely<Database>,
  trx: Transaction<Database> | undefined,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return trx ? work(trx) : db.transaction().execute(work);
}
