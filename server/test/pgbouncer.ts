/**
 * A real PgBouncer (Debian's `pgbouncer`) on a loopback port in transaction pooling, as most banks run it in front of
 * PostgreSQL: its configuration and user list are written to a folder of its own, and it is stopped at the end.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/free-port.mjs';

const PGBOUNCER = '/usr/sbin/pgbouncer';

export interface TestPgbouncer {
  /** `postgres://…` to the database through PgBouncer, in transaction pooling. */
  url: string;
  /** The same database through PgBouncer in session pooling, where a LISTEN keeps its server connection. */
  sessionUrl: string;
  close(): Promise<void>;
}

/**
 * PgBouncer refuses to run as root; as root (a CI container) it is started as `postgres`, the user Debian's
 * PostgreSQL runs as, and the folder is given to that user.
 */
function unprivilegedUser(dir: string): string[] {
  if (process.getuid?.() !== 0) return [];
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(dir, uid, gid);
  return ['-u', 'postgres'];
}

// Trust authentication (as the test database has), no unix socket, log to standard error; few server connections, so
// the pooled clients share them as under load, taken in turn, so consecutive statements land on different ones.
const configuration = (dir: string, port: number, target: URL) => `
[databases]
portal = host=${target.hostname} port=${target.port || 5432} dbname=${target.pathname.slice(1)}
portal_session = host=${target.hostname} port=${target.port || 5432} dbname=${target.pathname.slice(1)} pool_mode=session
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${join(dir, 'users.txt')}
pool_mode = transaction
default_pool_size = 4
server_round_robin = 1
max_client_conn = 100
logfile =
pidfile =
`;

/** Starts PgBouncer in transaction pooling in front of `target` (a database URL); `close()` stops it. */
export async function startPgbouncer(target: string): Promise<TestPgbouncer> {
  if (!existsSync(PGBOUNCER))
    throw new Error(
      `PgBouncer is required for the pooling tests and was not found at ${PGBOUNCER}: apt-get install pgbouncer`,
    );
  const targetUrl = new URL(target);
  const user = decodeURIComponent(targetUrl.username || 'postgres');
  const dir = mkdtempSync(join(tmpdir(), 'portal-pgbouncer-'));
  const port = await freePort();
  writeFileSync(join(dir, 'pgbouncer.ini'), configuration(dir, port, targetUrl));
  writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`);
  const child = spawn(PGBOUNCER, [...unprivilegedUser(dir), join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await untilListening(child);
  return {
    url: `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/portal`,
    sessionUrl: `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/portal_session`,
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
