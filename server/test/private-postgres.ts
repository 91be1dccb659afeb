/**
 * A PostgreSQL server of the test's own (Debian's `postgresql` binaries), on a loopback port in a folder of its own,
 * that the test stops and starts as an operator would: the machine's shared server is never touched.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../scripts/free-port.mjs';
import { databaseServerUser } from './unprivileged.js';

const run = promisify(execFile);

/** The newest installed PostgreSQL's programs. */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest)
    throw new Error(
      `PostgreSQL's server programs are required and were not found in ${root}: apt-get install postgresql`,
    );
  return join(root, newest, 'bin');
}

export class PrivatePostgres {
  port = 0;
  private running = false;
  private readonly dir = mkdtempSync(join(tmpdir(), 'portal-postgres-'));
  private readonly bin = binDir();
  private readonly user = databaseServerUser(this.dir);

  private pgCtl(args: string[]) {
    return run(join(this.bin, 'pg_ctl'), ['-D', join(this.dir, 'data'), ...args], { cwd: this.dir, ...this.user });
  }

  /** A new cluster (trust authentication, user `postgres`), started. */
  async init(): Promise<this> {
    this.port = (await freePort()) as number;
    const data = join(this.dir, 'data');
    await run(join(this.bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], {
      cwd: this.dir,
      ...this.user,
    });
    await this.start();
    return this;
  }

  /** A new database on the server, for the service alone. */
  async createDatabase(name: string): Promise<void> {
    const client = new pg.Client({ connectionString: this.url() });
    await client.connect();
    try {
      await client.query(`create database ${name}`);
    } finally {
      await client.end();
    }
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the server and waits until it accepts connections. */
  async start(): Promise<void> {
    const options = `-p ${this.port} -h 127.0.0.1 -k ${this.dir} -c fsync=off`;
    await this.pgCtl(['-o', options, '-l', join(this.dir, 'log'), '-w', 'start']);
    this.running = true;
  }

  /** Started again if a test stopped it (and failed before it started it again). */
  async ensureRunning(): Promise<void> {
    if (!this.running) await this.start();
  }

  /** Stops the server as `pg_ctl stop` does by default (fast: sessions ended, 57P01), and waits until it has. */
  async stop(): Promise<void> {
    await this.pgCtl(['-m', 'fast', '-w', 'stop']);
    this.running = false;
  }

  async close(): Promise<void> {
    await this.pgCtl(['-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
