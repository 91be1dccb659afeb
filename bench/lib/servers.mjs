/**
 * Starts the real built service (`node --expose-gc server/start.cjs`) as a child process on a free port with its own
 * temporary DATA_DIR, the way e2e/setup/server.ts does, plus the references it is compared with: the bare Fastify
 * hello-world of the cheap calls and the bare sign-in server of figure 1's floor.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.mjs';
import { quietPortalEnv } from '../../scripts/portal-process.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
/** A fixed secret, so the seeder derives the same ldapIds as the service. Benchmarks only. */
export const PORTAL_SECRET = 'benchmarks-only-secret-0123456789abcdef';

async function waitUntilReady(url, child, path) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null)
      throw new Error(`${url}: the process exited with code ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}${path}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not become ready within 60 s`);
}

/** Every child still running is ended when the benchmark process ends, however it ends. */
const running = new Set();
let cleanupInstalled = false;
function installCleanup() {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      for (const child of running) child.kill('SIGKILL');
      process.exit(130);
    });
  }
}

function track(child, name) {
  installCleanup();
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  child.stdout.resume();
  return {
    child,
    pid: child.pid,
    name,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * One of the benchmarks' servers as a child process on a free port, tracked until it ends; answers once `readyPath`
 * answers 2xx, or throws with the child's last output. `env` is given the port (the server's PORT).
 */
async function startServer({ name, args, env, readyPath, cwd = root, cpus }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // `cpus`: the cores it may run on (taskset), so that a comparison does not share them with its load generator.
  const [command, commandArgs] = cpus ? ['taskset', ['-c', cpus, process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(command, commandArgs, {
    cwd,
    env: { ...process.env, PORT: String(port), ...env(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = track(child, name);
  const started = performance.now();
  try {
    await waitUntilReady(url, child, readyPath);
  } catch (error) {
    throw new Error(`${error.message}\n${server.stderr()}`, { cause: error });
  }
  return { ...server, url, port, startedAt: started, readySeconds: (performance.now() - started) / 1000 };
}

/** The service as `npm start` runs it, with throttling off and quiet logs; `cwd` holds the build to run. */
export async function startPortal({ dataDir, name = 'portal', env = {}, nodeArgs = [], cwd = root, cpus }) {
  const server = await startServer({
    name,
    cwd,
    cpus,
    args: ['--expose-gc', ...nodeArgs, 'server/start.cjs'],
    env: (port) => ({ ...quietPortalEnv({ port, dataDir, secret: PORTAL_SECRET }), ...env }),
    readyPath: '/readyz',
  });
  return { ...server, dataDir };
}

/**
 * A bare Fastify hello-world: the same Fastify, no plugins, no logger. `withSecurityHeaders` adds the service's own
 * security-header plugin (server/src/http/headers.ts, loaded through tsx) and nothing else.
 */
export function startHello({ withSecurityHeaders = false } = {}) {
  return startServer({
    name: withSecurityHeaders ? 'hello+headers' : 'hello',
    args: [...(withSecurityHeaders ? ['--import', 'tsx'] : []), join(root, 'bench/lib/hello-server.mjs')],
    env: () => ({ HELLO_WITH_SECURITY_HEADERS: withSecurityHeaders ? '1' : '0' }),
    readyPath: '/',
  });
}

/**
 * Figure 1's floor: figure 1's three calls answered by a bare Fastify server whose send-login only verifies the
 * password with argon2id (bench/lib/bare-signin-server.mjs), on a pool the size the service's entry gives.
 */
export function startBareSignIn({ passwordHash }) {
  return startServer({
    name: 'bare sign-in',
    args: [join(root, 'bench/lib/bare-signin-server.mjs')],
    env: () => ({
      PASSWORD_HASH: passwordHash,
      UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? String(availableParallelism()),
    }),
    readyPath: '/sdportal/rest/login/info?username=ready',
  });
}

/** Resident set size of a process now, and its peak so far (VmHWM), in bytes. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Samples a process's RSS every 100 ms while `work` runs; answers the work's result and the highest sample. */
export async function withRssSampling(pid, work) {
  let max = memoryOf(pid).rss;
  const timer = setInterval(() => {
    try {
      max = Math.max(max, memoryOf(pid).rss);
    } catch {
      // the process ended
    }
  }, 100);
  try {
    const result = await work();
    return { result, maxRss: Math.max(max, memoryOf(pid).rss) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * CPU seconds a process has used so far, split into its main thread (JavaScript, HTTP, SQLite) and its other threads
 * (the libuv pool where argon2 runs, and V8's helpers). Linux /proc, clock ticks of 1/100 s.
 */
export function cpuOf(pid) {
  const ticks = (tid) => {
    const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  let others = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    if (Number(tid) === pid) continue;
    try {
      others += ticks(tid);
    } catch {
      // the thread ended meanwhile
    }
  }
  return { main: ticks(pid) / 100, others: others / 100 };
}
