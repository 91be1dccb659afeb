/**
 * The failed-try counts (an account's, a trusted device's: six tries, then a lock) are claimed before a secret is
 * checked. A claimed try that was none (the token server away, a right security answer) is given back with this.
 */
import { sql, type RawBuilder } from 'kysely';

/**
 * The count one lower, never below nought: the value its UPDATE sets `failed_attempts` to. Read and written in that
 * one statement, so tries given back on several instances at once each take one off, and a count a sign-in cleared
 * meanwhile stays at nought.
 */
export const oneTryBack = (): RawBuilder<number> =>
  sql<number>`case when failed_attempts > 0 then failed_attempts - 1 else 0 end`;
