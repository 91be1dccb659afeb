/**
 * The built service as a deployment runs it (`node --expose-gc server/start.cjs`), for the tests of what only a
 * process shows: signals, timeouts on real sockets, a proxy in front. Its JSON log lines are kept for the test to read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.mjs';
import { TEST_PORTAL_SECRET } from './harness.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServiceProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** The service's log, one parsed JSON line each. */
  logs: Record<string, unknown>[];
  exited: Promise<number | null>;
}

/** Waits until the service answers /readyz with 200, or fails if it exited first. */
export async function readyOrExit(base: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (child.exitCode === null && Date.now() < until) {
    if ((await fetch(`${base}/readyz`).catch(() => null))?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the service ${child.exitCode === null ? 'was not ready in time' : `exited (${child.exitCode})`}`);
}

/**
 * Starts the built service on `port` (a free one unless given) with `env` over the test defaults; `wrap` runs its
 * command inside another (a small disk of its own mounted first).
 */
export async function startService(
  env: Record<string, string>,
  port?: number,
  wrap: (argv: string[]) => string[] = (argv) => argv,
): Promise<ServiceProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-process-'));
  const chosen = port ?? ((await freePort()) as number);
  const [command, ...args] = wrap([process.execPath, '--expose-gc', join(root, 'server/start.cjs')]);
  const child = spawn(command!, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(chosen),
      HOST: '127.0.0.1',
      METRICS_PORT: '',
      ADMIN_PORT: '',
      DATA_DIR: dataDir,
      PORTAL_SECRET: TEST_PORTAL_SECRET,
      PORTAL_DEMO: 'false',
      RATE_LIMIT_PER_MINUTE: '0',
      NEW_DEVICE_VERIFICATION: 'off',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs: Record<string, unknown>[] = [];
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('{')) logs.push(JSON.parse(line));
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const base = `http://127.0.0.1:${chosen}`;
  try {
    await readyOrExit(base, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { child, port: chosen, base, logs, exited };
}
