/**
 * Debian's rsyslog as a bank's SIEM collector, started on a loopback port with a configuration of its own in a
 * temporary folder (never the system's), taking RFC 5424 over TCP with octet-counting framing, or over TLS (RFC 5425,
 * rsyslog-gnutls's gtls driver) with a certificate the test gives, and writing each message's fields on a line of a
 * file the test reads back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RSYSLOGD = ['/usr/sbin/rsyslogd', '/usr/bin/rsyslogd'].find((path) => existsSync(path));
/** rsyslog-gnutls's driver, in the multiarch folder of the machine (or the plain one). */
const GTLS = ['x86_64-linux-gnu', 'aarch64-linux-gnu', '']
  .map((arch) => join('/usr/lib', arch, 'rsyslog', 'lmnsd_gtls.so'))
  .find((path) => existsSync(path));

export interface Logged {
  pri: string;
  msgid: string;
  app: string;
  /** The MSG part as received: the event's JSON. */
  msg: string;
}

/** The server's certificate and key (PEM), for TLS: the certificate is its own CA (self-signed). */
export interface RsyslogTls {
  key: string;
  cert: string;
}

export class Rsyslog {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'portal-rsyslog-'));
  port = 0;

  /**
   * `template`: the rsyslog template the output file is written with (its `template(...)` statement); by default one
   * that writes each message's fields, for `lines()`.
   */
  constructor(
    private readonly tls?: RsyslogTls,
    private readonly template = 'template(name="fields" type="string" string="%pri%|%msgid%|%app-name%|%msg%\\n")',
  ) {}

  get output(): string {
    return join(this.dir, 'portal.log');
  }

  async start(): Promise<this> {
    if (!RSYSLOGD) throw new Error('rsyslogd is missing: apt-get install rsyslog (.ci/run installs it)');
    if (this.tls && !GTLS) throw new Error('rsyslog-gnutls is missing: apt-get install rsyslog-gnutls (.ci/run does)');
    this.port ||= await freePort();
    mkdirSync(join(this.dir, 'work'), { recursive: true });
    const conf = join(this.dir, 'rsyslog.conf');
    writeFileSync(
      conf,
      [
        `global(workDirectory="${join(this.dir, 'work')}"${this.tlsGlobals()})`,
        this.tls
          ? 'module(load="imtcp" StreamDriver.Name="gtls" StreamDriver.Mode="1" StreamDriver.AuthMode="anon")'
          : 'module(load="imtcp")',
        this.template,
        `input(type="imtcp" address="127.0.0.1" port="${this.port}" ruleset="portal")`,
        `ruleset(name="portal") { action(type="omfile" file="${this.output}" template="${this.templateName}") }`,
        '',
      ].join('\n'),
    );
    const child = spawn(RSYSLOGD, ['-n', '-f', conf, '-i', join(this.dir, 'rsyslogd.pid')], { stdio: 'ignore' });
    this.child = child;
    await untilListening(this.port, child);
    return this;
  }

  private get templateName(): string {
    return /name="([^"]+)"/.exec(this.template)?.[1] ?? 'fields';
  }

  /** What the server wrote so far, as it wrote it. */
  written(): Buffer {
    return existsSync(this.output) ? readFileSync(this.output) : Buffer.alloc(0);
  }

  /** The gtls driver's files: its certificate and key, and its CA file (its own certificate; clients are not asked). */
  private tlsGlobals(): string {
    if (!this.tls) return '';
    const [cert, key] = [join(this.dir, 'cert.pem'), join(this.dir, 'key.pem')];
    writeFileSync(cert, this.tls.cert);
    writeFileSync(key, this.tls.key, { mode: 0o600 });
    return ` DefaultNetstreamDriverCAFile="${cert}" DefaultNetstreamDriverCertFile="${cert}" DefaultNetstreamDriverKeyFile="${key}"`;
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
        return { pri, msgid, app, msg: rest.join('|') };
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
