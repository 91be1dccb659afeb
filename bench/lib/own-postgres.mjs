// A PostgreSQL of the benchmark's own, from the machine's binaries: a new cluster in a temporary folder on a free port,
// with pg_stat_statements loaded, so that what one sign-in costs the database (statements, commits, WAL) is read from
// PostgreSQL's own counters with nothing else writing. Run as the postgres user when the benchmark runs as root
// (initdb refuses root).
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const BIN_ROOT = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin folder, or null. */
export function postgresBin() {
  if (!existsSync(BIN_ROOT)) return null;
  const versions = readdirSync(BIN_ROOT)
    .filter((name) => existsSync(join(BIN_ROOT, name, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(BIN_ROOT, versions[0], 'bin') : null;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Starts the cluster; answers its URL (database `bench`), a client maker and `stop`. */
export async function startOwnPostgres() {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-pg-'));
  const data = join(dir, 'data');
  const run = (program, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args]);
  if (asRoot) {
    chmodSync(dir, 0o755);
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), 0);
  }
  execFileSync(...run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']), {
    stdio: 'ignore',
  });
  const port = await freePort();
  const settings = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: dir,
    shared_preload_libraries: 'pg_stat_statements',
    // The statements the service sends; a foreign key's check or a trigger's work is part of the one that fired it.
    'pg_stat_statements.track': 'top',
    track_io_timing: 'on',
  };
  const args = ['-D', data, ...Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`])];
  const child = spawn(...run(join(bin, 'postgres'), args), { stdio: 'ignore' });
  const base = `postgres://postgres@127.0.0.1:${port}`;
  const client = async (database = 'postgres') => {
    const c = new pg.Client({ connectionString: `${base}/${database}` });
    // Stopping the cluster ends the connection: not an error of the benchmark's.
    c.on('error', () => undefined);
    await c.connect();
    return c;
  };
  for (let i = 0; ; i += 1) {
    try {
      const c = await client();
      await c.query('create database bench');
      await c.end();
      break;
    } catch (error) {
      if (i > 100 || child.exitCode !== null)
        throw new Error(`the benchmark's PostgreSQL did not start: ${error}`, { cause: error });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const stop = async () => {
    // pg_ctl, not a signal to the child: under runuser the child is runuser, which does not pass one on.
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      execFileSync(...run(join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w']), { stdio: 'ignore' });
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  /**
   * The transactions that committed a change between two WAL positions: the commit records pg_waldump reads there. A
   * transaction that changed nothing writes none, and costs the disk no flush.
   */
  const commitsBetween = (from, to) => {
    if (from === to) return 0;
    const stats = execFileSync(
      ...run(join(bin, 'pg_waldump'), ['--stats=record', '-p', join(data, 'pg_wal'), '-s', from, '-e', to]),
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    return Number(/^Transaction\/COMMIT\s+(\d+)/m.exec(stats)?.[1] ?? 0);
  };
  return { url: `${base}/bench`, client: () => client('bench'), stop, commitsBetween, version: bin.split('/').at(-2) };
}
