/**
 * A real PgBouncer (Debian's `pgbouncer`) on a loopback port in transaction pooling, as most banks run it in front of
 * PostgreSQL: its configuration and user list are written to a folder of its own, and it is stopped at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../scripts/free-port.mjs';
import { databaseServerUser } from './unprivileged.js';

const PGBOUNCER = '/usr/sbin/pgbouncer';

export interface TestPgbouncer {
  /** `postgres://…` to the database through PgBouncer, in transaction pooling. */
  url: string;
  /** The same database through PgBouncer in session pooling, where a LISTEN keeps its server connection. */
  sessionUrl: string;
  /** Runs a command on PgBouncer's admin console (`PAUSE portal`, `RESUME portal`), as an operator does with psql. */
  admin(command: string): Promise<void>;
  close(): Promise<void>;
}

/** PgBouncer's own switch to another user, when this process is root (unprivileged.ts). */
const unprivilegedUser = (dir: string): string[] => (databaseServerUser(dir) ? ['-u', 'postgres'] : []);

// Trust authentication (as the test database has), no unix socket, log to standard error; few server connections, so
// the pooled clients share them as under load, taken in turn, so consecutive statements land on different ones.
const configuration = (dir: string, port: number, target: URL, settings: Settings) => `
[databases]
portal = host=${target.hostname} port=${target.port || 5432} dbname=${target.pathname.slice(1)}
portal_session = host=${target.hostname} port=${target.port || 5432} dbname=${target.pathname.slice(1)} pool_mode=session
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${join(dir, 'users.txt')}
admin_users = ${decodeURIComponent(target.username || 'postgres')}
pool_mode = transaction
default_pool_size = 4
server_round_robin = 1
max_client_conn = 100
logfile =
pidfile =
${Object.entries(settings)
  .map(([name, value]) => `${name} = ${value}`)
  .join('\n')}
`;

/** PgBouncer settings over the ones above (`query_wait_timeout`, `server_login_retry`, ...). */
export type Settings = Record<string, string | number>;

/** Starts PgBouncer in transaction pooling in front of `target` (a database URL); `close()` stops it. */
export async function startPgbouncer(target: string, settings: Settings = {}): Promise<TestPgbouncer> {
  if (!existsSync(PGBOUNCER))
    throw new Error(
      `PgBouncer is required for the pooling tests and was not found at ${PGBOUNCER}: apt-get install pgbouncer`,
    );
  const targetUrl = new URL(target);
  const user = decodeURIComponent(targetUrl.username || 'postgres');
  const dir = mkdtempSync(join(tmpdir(), 'portal-pgbouncer-'));
  const port = await freePort();
  writeFileSync(join(dir, 'pgbouncer.ini'), configuration(dir, port, targetUrl, settings));
  writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`);
  const child = spawn(PGBOUNCER, [...unprivilegedUser(dir), join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await untilListening(child);
  return {
    url: `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/portal`,
    sessionUrl: `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/portal_session`,
    async admin(command) {
      // The console speaks the simple query protocol only: a query without parameters is sent that way.
      const console = new pg.Client({
        connectionString: `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/pgbouncer`,
      });
      await console.connect();
      try {
        await console.query(command);
      } finally {
        await console.end();
      }
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function untilListening(child: ChildProcess): Promise<void> {
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`PgBouncer did not start in 10 s:\n${output}`)), 10_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('process up')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`PgBouncer exited with code ${code}:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  // Keep reading what it logs, so a full pipe never stops it.
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.removeAllListeners('data');
    stream.resume();
  }
}
