/** The service's entry, `node server/start.cjs`: libuv's pool, where argon2 runs, gets a thread a core. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { TEST_PORTAL_SECRET } from './harness.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const running: ChildProcess[] = [];
const dirs: string[] = [];

/** Starts the built service through its entry and answers its thread count once it is ready. */
async function threadsOfStartedService(poolSize?: number): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-entry-'));
  dirs.push(dataDir);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PORTAL_SECRET: TEST_PORTAL_SECRET,
    DATABASE_URL: '', PORTAL_DEMO: 'false', LOG_LEVEL: 'warn',
  };
  delete env.UV_THREADPOOL_SIZE;
  if (poolSize) env.UV_THREADPOOL_SIZE = String(poolSize);
  const child = spawn(process.execPath, ['server/start.cjs'], { cwd: root, env, stdio: 'ignore' });
  running.push(child);
  await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status, { timeout: 20_000, interval: 100 }).toBe(200);
  // The pool has started by now: the service read its files and answered through it.
  return readdirSync(`/proc/${child.pid}/task`).length;
}

describe('the service entry', () => {
  beforeAll(() => buildIfStale({ quiet: true }), 120_000);
  afterAll(() => {
    for (const child of running) child.kill('SIGKILL');
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('gives the pool one thread a core, unless UV_THREADPOOL_SIZE says otherwise', async () => {
    const cores = availableParallelism();
    const byDefault = await threadsOfStartedService();
    expect(await threadsOfStartedService(cores)).toBe(byDefault);
    expect(await threadsOfStartedService(cores + 3)).toBe(byDefault + 3);
  }, 60_000);
});
