/**
 * PostgreSQL and PgBouncer refuse to run as root: as root (a CI container) the tests start them as `postgres`, the
 * user Debian's PostgreSQL runs as, and give that user the folder they work in.
 */
import { execFileSync } from 'node:child_process';
import { chownSync } from 'node:fs';

/** The user to run a database server as, with `dir` made theirs; undefined when this process is not root. */
export function databaseServerUser(dir: string): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(dir, uid, gid);
  return { uid, gid };
}
