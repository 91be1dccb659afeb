/**
 * Time moved on for the service's sessions in the browser tests' database (its SQLite file), as the minutes a test
 * cannot wait out: a sign-in made longer ago, its session kept alive since, as the page's ping keeps it.
 */
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { inject } from 'vitest';

/** Every live session of `userId` now began `minutes` earlier than it did; its deadlines are as they were. */
export function signedInEarlier(userId: string, minutes: number): void {
  const db = new SQLite(join(inject('dataDir'), 'portal.sqlite'));
  try {
    // The service writes as well: wait for its write lock rather than fail on it.
    db.pragma('busy_timeout = 5000');
    const moved = db
      .prepare(
        'UPDATE session SET created_at = created_at - ? WHERE account_id = (SELECT id FROM account WHERE user_id = ?)',
      )
      .run(minutes * 60_000, userId);
    if (moved.changes === 0) throw new Error(`${userId} has no session to move`);
  } finally {
    db.close();
  }
}
