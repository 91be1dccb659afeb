/**
 * The built service (`node server/start.cjs`) on PostgreSQL through a proxy the test can cut or freeze, scraped over
 * real HTTP on its management port as Prometheus scrapes it: with the database gone or hanging (a failover, pgbouncer
 * paused), a scrape still answers the process's metrics with `portal_db_up 0`, and the process keeps running.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { DIALECTS, TEST_DATABASE_URL, TEST_PORTAL_SECRET, withPgClient } from './harness.js';
import { TcpProxy } from './tcp-proxy.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Prometheus's default scrape_timeout: a scrape that takes longer is a failed scrape.
const SCRAPE_TIMEOUT_MS = 10_000;

/** Waits (outside a test, so without expect.poll) until the service answers /readyz, or fails if it exited. */
async function readyOrExit(base: string, child: ChildProcess): Promise<void> {
  while (child.exitCode === null) {
    if ((await fetch(`${base}/readyz`).catch(() => null))?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the service exited (${child.exitCode}) before it was ready`);
}

describe.runIf(DIALECTS.includes('postgres'))('scraping a service whose database is away', () => {
  const database = `metrics_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-metrics-'));
  let proxy: TcpProxy;
  let service: ChildProcess;
  let base: string;
  let metricsBase: string;

  beforeAll(async () => {
    buildIfStale({ quiet: true });
    await withPgClient((c) => c.query(`create database ${database}`));
    const target = new URL(TEST_DATABASE_URL!);
    proxy = await new TcpProxy(target.hostname, Number(target.port || 5432)).open();
    Object.assign(target, { host: `127.0.0.1:${proxy.port}`, pathname: `/${database}` });
    const [port, metricsPort] = [await freePort(), await freePort()];
    service = spawn(process.execPath, ['server/start.cjs'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        // Another loopback address than the public port's: the management port listens where METRICS_HOST says.
        METRICS_HOST: '127.0.0.2',
        METRICS_PORT: String(metricsPort),
        DATA_DIR: dataDir,
        DATABASE_URL: target.toString(),
        PORTAL_SECRET: TEST_PORTAL_SECRET,
        PORTAL_DEMO: 'false',
        LOG_LEVEL: 'silent',
      },
      stdio: 'ignore',
    });
    base = `http://127.0.0.1:${port}`;
    metricsBase = `http://127.0.0.2:${metricsPort}`;
    await readyOrExit(base, service);
  }, 120_000);

  afterAll(async () => {
    service?.kill('SIGKILL');
    await proxy?.cut();
    rmSync(dataDir, { recursive: true, force: true });
    await withPgClient((c) => c.query(`drop database if exists ${database} with (force)`));
  });

  const scrape = async () => {
    const response = await fetch(`${metricsBase}/metrics`, { signal: AbortSignal.timeout(SCRAPE_TIMEOUT_MS) });
    return { status: response.status, text: await response.text() };
  };
  /** What `promtool check metrics` (Debian's prometheus package) finds wrong with a scrape's text. */
  const promtoolProblems = (text: string) => {
    const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    if (check.error) throw check.error;
    return `${check.status === 0 ? '' : `exit ${check.status}: `}${check.stdout}${check.stderr}`;
  };
  const alive = () => service.exitCode === null && service.signalCode === null;

  it('reads the database on the management port at METRICS_HOST while the database answers', async () => {
    const { status, text } = await scrape();
    expect(status).toBe(200);
    expect(text).toMatch(/^portal_db_up 1$/m);
    expect(text).toMatch(/^portal_outbox_depth 0$/m);
    expect(text).toMatch(/^portal_db_pool_connections\{state="idle"\} \d+$/m);
    expect(promtoolProblems(text)).toBe('');
  });

  it('answers the process metrics, without the database ones, while the database is cut, and stays up', async () => {
    await proxy.cut();
    for (let i = 0; i < 3; i += 1) {
      const { status, text } = await scrape();
      expect(status).toBe(200);
      expect(text).toMatch(/^portal_db_up 0$/m);
      expect(text).toMatch(/^portal_process_resident_memory_bytes \d+/m);
      expect(text).not.toMatch(/^portal_outbox_depth /m);
      expect(text).not.toMatch(/^portal_live_sessions /m);
      expect(promtoolProblems(text)).toBe('');
    }
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(alive()).toBe(true);

    await proxy.open();
    await expect.poll(async () => (await scrape()).text, { timeout: 15_000 }).toMatch(/^portal_db_up 1$/m);
    expect(alive()).toBe(true);
  }, 60_000);

  it('answers a scrape within the scrape timeout while the database hangs, without piling up queries', async () => {
    proxy.freeze();
    for (let i = 0; i < 3; i += 1) {
      const { status, text } = await scrape();
      expect(status).toBe(200);
      expect(text).toMatch(/^portal_db_up 0$/m);
      expect(text).toMatch(/^portal_process_resident_memory_bytes \d+/m);
    }
    // One reading at a time: eight scrapes of a hanging database hold one connection, not eight. The instance's own
    // background work may hold one more each meanwhile (the mail worker's single pass, the minute's session sweep).
    for (let i = 0; i < 5; i += 1) await scrape();
    const after = (await scrape()).text;
    expect(Number(/^portal_db_pool_connections\{state="in_use"\} (\d+)$/m.exec(after)?.[1])).toBeLessThanOrEqual(3);
    expect(alive()).toBe(true);

    proxy.thaw();
    await expect.poll(async () => (await scrape()).text, { timeout: 15_000 }).toMatch(/^portal_db_up 1$/m);
  }, 60_000);
});
