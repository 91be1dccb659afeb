/**
 * The service's entry, `node server/start.cjs`: libuv's pool, where argon2 runs, gets a thread a core. And `npm start`'s
 * launcher, which runs the service through it: a signal closes the service, and both end cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { TEST_PORTAL_SECRET, untilReady } from './harness.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const running: ChildProcess[] = [];
const dirs: string[] = [];

/** Starts `script` (the entry or the launcher) on a free port and answers the process once the service is ready. */
async function startReady(script: string, poolSize?: number, detached = false): Promise<ChildProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-entry-'));
  dirs.push(dataDir);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PORTAL_SECRET: TEST_PORTAL_SECRET,
    DATABASE_URL: '',
    PORTAL_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  delete env.UV_THREADPOOL_SIZE;
  if (poolSize) env.UV_THREADPOOL_SIZE = String(poolSize);
  const child = spawn(process.execPath, [script], { cwd: root, env, stdio: 'ignore', detached });
  running.push(child);
  await untilReady(`http://127.0.0.1:${port}`);
  return child;
}

/** The started service's thread count: the pool has started by now, as the service read its files through it. */
const threadsOfStartedService = async (poolSize?: number) =>
  readdirSync(`/proc/${(await startReady('server/start.cjs', poolSize)).pid}/task`).length;

const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

/** The launcher's service: its one child process. */
function serviceOf(launcher: ChildProcess): number {
  const children = childrenOf(launcher.pid!);
  expect(children).toHaveLength(1);
  return children[0]!;
}

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
const gone = (pid: number) => !existsSync(`/proc/${pid}`);

describe('the service entry', () => {
  beforeAll(() => buildIfStale({ quiet: true }), 120_000);
  afterAll(() => {
    // A launcher's service too, should a test have failed before it ended.
    for (const child of running) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      for (const pid of childrenOf(child.pid!)) process.kill(pid, 'SIGKILL');
      child.kill('SIGKILL');
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('gives the pool one thread a core and two for the file system, unless UV_THREADPOOL_SIZE says otherwise', async () => {
    const cores = availableParallelism();
    const byDefault = await threadsOfStartedService();
    expect(await threadsOfStartedService(cores + 2)).toBe(byDefault);
    expect(await threadsOfStartedService(cores + 5)).toBe(byDefault + 3);
  }, 60_000);

  it("npm start's launcher passes SIGTERM on: the service closes, and both exit with 0", async () => {
    const launcher = await startReady('scripts/start.mjs');
    const service = serviceOf(launcher);
    const exit = exitOf(launcher);
    launcher.kill('SIGTERM');
    expect(await exit).toEqual({ code: 0, signal: null });
    await expect.poll(() => gone(service), { timeout: 10_000 }).toBe(true);
  }, 60_000);

  it("a terminal's Ctrl-C (SIGINT to the whole process group) reaches the service twice, and it still closes cleanly", async () => {
    const launcher = await startReady('scripts/start.mjs', undefined, true);
    const service = serviceOf(launcher);
    const exit = exitOf(launcher);
    process.kill(-launcher.pid!, 'SIGINT');
    expect(await exit).toEqual({ code: 0, signal: null });
    await expect.poll(() => gone(service), { timeout: 10_000 }).toBe(true);
  }, 60_000);
});
