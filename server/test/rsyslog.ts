/**
 * Debian's rsyslog as a bank's SIEM collector, started on a loopback port with a configuration of its own in a
 * temporary folder (never the system's), taking RFC 5424 over TCP with octet-counting framing and writing each
 * message's fields on a line of a file the test reads back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RSYSLOGD = ['/usr/sbin/rsyslogd', '/usr/bin/rsyslogd'].find((path) => existsSync(path));

export interface Logged {
  pri: string;
  msgid: string;
  app: string;
  /** The MSG part as received (the event's JSON, after its BOM). */
  msg: string;
}

export class Rsyslog {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'portal-rsyslog-'));
  port = 0;

  get output(): string {
    return join(this.dir, 'portal.log');
  }

  async start(): Promise<this> {
    if (!RSYSLOGD) throw new Error('rsyslogd is missing: apt-get install rsyslog (.ci/run installs it)');
    this.port ||= await freePort();
    mkdirSync(join(this.dir, 'work'), { recursive: true });
    const conf = join(this.dir, 'rsyslog.conf');
    writeFileSync(
      conf,
      [
        `global(workDirectory="${join(this.dir, 'work')}")`,
        'module(load="imtcp")',
        'template(name="fields" type="string" string="%pri%|%msgid%|%app-name%|%msg%\\n")',
        `input(type="imtcp" address="127.0.0.1" port="${this.port}" ruleset="portal")`,
        `ruleset(name="portal") { action(type="omfile" file="${this.output}" template="fields") }`,
        '',
      ].join('\n'),
    );
    const child = spawn(RSYSLOGD, ['-n', '-f', conf, '-i', join(this.dir, 'rsyslogd.pid')], { stdio: 'ignore' });
    this.child = child;
    await untilListening(this.port, child);
    return this;
  }

  /** Stops the server (an outage); start() brings it back on the same port. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  /** What the server wrote so far, one message a line. */
  lines(): Logged[] {
    if (!existsSync(this.output)) return [];
    return readFileSync(this.output, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [pri = '', msgid = '', app = '', ...rest] = line.split('|');
        return { pri, msgid, app, msg: rest.join('|').replace(/^\uFEFF/, '') };
      });
  }

  async close(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits until rsyslogd takes connections (it starts in well under a second), or fails if it exited. */
async function untilListening(port: number, child: ChildProcess): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    if (child.exitCode !== null) throw new Error(`rsyslogd exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`rsyslogd did not listen on port ${port}`);
}
