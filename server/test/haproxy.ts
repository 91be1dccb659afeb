/**
 * A real haproxy (Debian's `haproxy`) on a loopback port in front of the service's instances, configured as
 * docs/operations.md tells a bank to ("Behind a proxy"): health checks on /readyz, X-Forwarded-For added, a request
 * that found a closed connection tried again on another instance, its own request ID on every request (the
 * frontend's lines are read from the document itself). Its configuration is written to a folder of its own; its log
 * goes to standard output, where the test reads it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/free-port.mjs';

const HAPROXY = '/usr/sbin/haproxy';

/** The frontend's request ID and log lines, word for word as docs/operations.md gives them. */
export const documentedFrontend = (): string[] =>
  readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => /^ {2}(unique-id-format|http-request set-header X-Request-Id|log-format) /.test(line));

/**
 * The configuration of docs/operations.md, with the checks made quick for a test; `outagePage`, the file
 * `npm run portal -- outage-page` wrote, answered when no instance can.
 */
export const haproxyConfig = (port: number, servers: number[], outagePage?: string) => `
global
  maxconn 2000
  log stdout format raw local0

defaults
  mode http
  log global
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout check 2s
  option forwardfor
  option redispatch
  retries 3
  retry-on conn-failure empty-response
${outagePage ? `  errorfile 503 ${outagePage}` : ''}

frontend portal
  bind 127.0.0.1:${port}
${documentedFrontend().join('\n')}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 300ms fall 2 rise 2
${servers.map((server, i) => `  server instance${i} 127.0.0.1:${server} check`).join('\n')}
`;

export class Haproxy {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'portal-haproxy-'));
  port = 0;
  /** haproxy's log, a line a request. */
  readonly logs: string[] = [];

  async start(servers: number[], { outagePage }: { outagePage?: string } = {}): Promise<this> {
    this.port = (await freePort()) as number;
    const file = join(this.dir, 'haproxy.cfg');
    writeFileSync(file, haproxyConfig(this.port, servers, outagePage));
    this.child = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout!.on('data', (chunk: Buffer) => this.logs.push(...chunk.toString().split('\n').filter(Boolean)));
    const failed = new Promise<never>((_, reject) =>
      this.child!.once('exit', (code) => reject(new Error(`haproxy exited (${code})`))),
    );
    const listening = (async () => {
      for (;;) {
        if (
          await fetch(`http://127.0.0.1:${this.port}/healthz`).then(
            () => true,
            () => false,
          )
        )
          return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    await Promise.race([listening, failed]);
    failed.catch(() => undefined);
    return this;
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  stop(): void {
    this.child?.kill('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }
}
