/** Which errors are the database's outage (503, logged once an interval) and which a fault of the service (500). */
import { describe, expect, it } from 'vitest';
import { databaseAway, databaseOutage, writesRefused } from './database-errors.js';

const error = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('database errors', () => {
  it.each([
    ['a refused connection', error('connect ECONNREFUSED 10.0.0.5:5432', 'ECONNREFUSED')],
    ['a connection reset', error('read ECONNRESET', 'ECONNRESET')],
    ['a host that does not resolve', error('getaddrinfo ENOTFOUND db.bank.internal', 'ENOTFOUND')],
    ["PgBouncer's retry window", error('server login has been failing, try again later (server_login_retry)', '08P01')],
    ['PgBouncer waiting for a server in vain', error('query_wait_timeout', '08P01')],
    ['an administrator’s shutdown', error('terminating connection due to administrator command', '57P01')],
    ['a crash', error('terminating connection because of crash of another server process', '57P02')],
    ['a server starting up', error('the database system is starting up', '57P03')],
    ['no connection slot', error('sorry, too many clients already', '53300')],
    ['a connection lost', error('Connection terminated unexpectedly')],
    ['the pool’s wait', error('timeout exceeded when trying to connect')],
    ['a client whose connection failed', error('Client has encountered a connection error and is not queryable')],
    ['SQLite’s lock held too long', error('database is locked', 'SQLITE_BUSY')],
    [
      'an AggregateError of every address tried',
      Object.assign(new AggregateError([error('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''), {}),
    ],
  ])('%s is the database away', (_, e) => {
    expect(databaseAway(e)).toBe(true);
    expect(databaseOutage(e)).toBe(true);
  });

  it.each([
    ['SQLite’s full disk', error('database or disk is full', 'SQLITE_FULL')],
    ['an I/O error', error('disk I/O error', 'SQLITE_IOERR_WRITE')],
    ['a read-only file', error('attempt to write a readonly database', 'SQLITE_READONLY')],
    ['PostgreSQL’s full disk', error('could not extend file', '53100')],
    ['a primary become a standby', error('cannot execute INSERT in a read-only transaction', '25006')],
  ])('%s is writes refused', (_, e) => {
    expect(writesRefused(e)).toBe(true);
    expect(databaseOutage(e)).toBe(true);
  });

  it.each([
    ['a unique violation', error('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', error('syntax error at or near "selec"', '42601')],
    ['a constraint of SQLite', error('UNIQUE constraint failed: account.user_id_key', 'SQLITE_CONSTRAINT_UNIQUE')],
    ['a fault of the code', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['an error that only mentions a code in passing', error('the value 08P01 is not a user ID')],
    ['no error at all', undefined],
  ])('%s is a fault, not an outage', (_, e) => {
    expect(databaseOutage(e)).toBe(false);
  });
});
