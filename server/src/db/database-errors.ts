/**
 * What a database error means to a caller: the database is away (it cannot be reached, a connection was lost, the
 * pooler in front refuses while its server is away) or refuses writes (a full disk, a read-only standby after a
 * failover). Both are §8's system error, 503, logged once per interval; any other error is a fault of the service.
 */

/** Node's errors for a peer that cannot be reached, or dropped the connection. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a database that is away: class 08, connection exceptions (PgBouncer sends every refusal of its own as
 * 08P01: `server_login_retry`, `query_wait_timeout`, `client_login_timeout`, ...); 57P01-57P03, an administrator's or
 * a crash's shutdown, and a server starting or recovering; 53300, no connection slot left (the server's or the
 * pooler's). SQLite's: the lock held by another connection beyond busy_timeout.
 */
const AWAY_CODE = /^(08[0-9A-Z]{3}|57P0[123]|53300|SQLITE_BUSY(_\w+)?)$/;

/** The pg driver's and pool's own errors, which carry no code: a connection lost, or none to be had in time. */
const AWAY_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|is not queryable|Connection ended unexpectedly/;

/**
 * Writes refused by a database that still answers: SQLite's full disk, I/O errors, read-only or unopenable file;
 * PostgreSQL's 53100 (disk full) and 25006 (a read-only transaction: a primary that became a standby).
 */
const REFUSED_CODE = /^(SQLITE_(FULL|IOERR|READONLY|CANTOPEN)(_\w+)?|53100|25006)$/;

/** The error and those it was made from (an AggregateError's, a cause), a few levels deep. */
function* causes(error: unknown, depth = 0): Generator<{ code?: unknown; message?: unknown }> {
  if (!error || typeof error !== 'object' || depth > 3) return;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  yield error;
  if (Array.isArray(errors)) for (const inner of errors) yield* causes(inner, depth + 1);
  yield* causes(cause, depth + 1);
}

const codeOf = (error: { code?: unknown }) => (typeof error.code === 'string' ? error.code : '');

/** Whether the database cannot be reached now. */
export function databaseAway(error: unknown): boolean {
  for (const each of causes(error)) {
    const code = codeOf(each);
    if (UNREACHABLE.has(code) || AWAY_CODE.test(code) || AWAY_MESSAGE.test(String(each.message ?? ''))) return true;
  }
  return false;
}

/** Whether the database answered but refused a write (readiness then checks that writes work again). */
export function writesRefused(error: unknown): boolean {
  for (const each of causes(error)) if (REFUSED_CODE.test(codeOf(each))) return true;
  return false;
}

/** Whether the error is the database's outage rather than a fault: away, or refusing writes. */
export const databaseOutage = (error: unknown): boolean => databaseAway(error) || writesRefused(error);
