/**
 * The service's entry, `node server/start.cjs`: libuv's pool, where argon2 runs, gets a thread a core. And `npm start`'s
 * launcher, which runs the service through it: a signal closes the service, and both end cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { catalogueCopy } from './catalogue-copy.js';
import { portalCli, TEST_PORTAL_SECRET, untilReady } from './harness.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const running: ChildProcess[] = [];
/** What each started service wrote to its standard output. */
const output = new Map<ChildProcess, string>();
const dirs: string[] = [];

/**
 * Starts `script` (the entry or the launcher, or `npm start` itself) on a free port and answers the process once the
 * service is ready.
 */
async function startReady(
  script: string | 'npm start',
  poolSize?: number,
  detached = false,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<ChildProcess> {
  const dataDir = extraEnv.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-entry-'));
  dirs.push(dataDir);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PORTAL_SECRET: TEST_PORTAL_SECRET,
    DATABASE_URL: '',
    PORTAL_DEMO: 'false',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    ...extraEnv,
    DATA_DIR: dataDir,
  };
  delete env.UV_THREADPOOL_SIZE;
  if (poolSize) env.UV_THREADPOOL_SIZE = String(poolSize);
  const child =
    script === 'npm start'
      ? spawn('npm', ['start'], { cwd: root, env, stdio: 'ignore', detached })
      : spawn(process.execPath, [script], { cwd: root, env, stdio: ['ignore', 'pipe', 'ignore'], detached });
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => output.set(child, (output.get(child) ?? '') + chunk));
  running.push(child);
  await untilReady(`http://127.0.0.1:${port}`);
  return child;
}

/** The start banner: from its first line to its last, single sign-on's. */
async function bannerOf(service: ChildProcess): Promise<string> {
  const last = /Single sign-on ready[^\n]*\n/;
  await expect.poll(() => last.test(output.get(service) ?? ''), { timeout: 10_000 }).toBe(true);
  const text = output.get(service)!;
  return text.slice(text.indexOf('is ready.'), text.indexOf('\n', text.search(last)) + 1);
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

  it('a stop while the start banner still waits on an identity provider closes cleanly with 0 all the same', async () => {
    // A provider that takes the connection and never answers holds the banner's discovery check for its 5 s.
    const silent: Server = createServer(() => undefined).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    const { port } = silent.address() as { port: number };
    const copy = catalogueCopy();
    dirs.push(copy.root);
    copy.edit('veltmoor', (record) => {
      record.identityProvider!.issuer = `http://127.0.0.1:${port}`;
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-entry-'));
    expect(portalCli(dataDir, ['cobrands', 'import', copy.cobrands]).status).toBe(0);
    try {
      const launcher = await startReady('scripts/start.mjs', undefined, false, {
        DATA_DIR: dataDir,
        DRAIN_SECONDS: '0',
      });
      const service = serviceOf(launcher);
      const exit = exitOf(launcher);
      launcher.kill('SIGTERM');
      expect(await exit).toEqual({ code: 0, signal: null });
      await expect.poll(() => gone(service), { timeout: 10_000 }).toBe(true);
      expect(output.get(launcher) ?? '').not.toContain('Single sign-on ready');
    } finally {
      silent.close();
    }
  }, 60_000);

  it('SIGTERM to `npm start` itself (a supervisor stopping it) stops the launcher and the service', async () => {
    const npm = await startReady('npm start');
    // npm runs the launcher through a shell that hands its place to it, so npm's one child is the launcher.
    const launcher = serviceOf(npm);
    const service = childrenOf(launcher)[0]!;
    npm.kill('SIGTERM');
    await expect.poll(() => gone(launcher) && gone(service), { timeout: 15_000 }).toBe(true);
  }, 60_000);

  it("npm start's launcher gives the service --expose-gc; the entry started without it says so once", async () => {
    const launcher = await startReady('scripts/start.mjs');
    const args = readFileSync(`/proc/${serviceOf(launcher)}/cmdline`, 'utf8').split('\0');
    expect(args.slice(1, 3)).toEqual(['--expose-gc', join(root, 'server/start.cjs')]);
    const bare = await startReady('server/start.cjs', undefined, false, { LOG_LEVEL: 'info' });
    const said = () => (output.get(bare) ?? '').split('\n').filter((line) => line.includes('without --expose-gc'));
    await expect.poll(() => said().length).toBe(1);
    expect(JSON.parse(said()[0]!)).toMatchObject({ level: 30 });
  }, 60_000);

  it("the demo's start banner names every demo user and operator and where the mail goes, with no log line inside it", async () => {
    const adminPort = String(await freePort());
    const env = { PORTAL_DEMO: 'true', LOG_LEVEL: 'info', ADMIN_PORT: adminPort };
    const service = await startReady('server/start.cjs', undefined, false, env);
    const banner = await bannerOf(service);
    const dir = dirs.at(-1)!;
    expect(banner).toContain('demonoaccount');
    // The help-desk operators, where they sign in (the address answers the console's page), and their authenticators.
    const consoleUrl = `http://127.0.0.1:${adminPort}/console/`;
    expect(banner).toContain(`the help-desk console, on the admin listener:\n  ${consoleUrl}\n`);
    const page = await fetch(consoleUrl);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(banner).toMatch(/^ {2}demohelpdesk +helpdesk +otpauth:\/\/totp\/Help-desk%20console:demohelpdesk\?secret=/m);
    expect(banner).toMatch(/^ {2}demoadmin +admin +otpauth:\/\/totp\/Help-desk%20console:demoadmin\?secret=/m);
    expect(banner).toMatch(/Mail .*outbox/);
    // New-device verification is on by default: the demo's password users, new to a browser, find the code there.
    expect(banner).toContain(
      `new browser (password users): asks for the 6-digit code mailed to ${join(dir, 'outbox')}`,
    );
    expect(banner.split('\n').filter((line) => line.startsWith('{'))).toEqual([]);
    // A log line written while starting comes before it, not after it where the demo providers' lines follow.
    const text = output.get(service)!;
    expect(text.indexOf('created the demo users')).toBeLessThan(text.indexOf('is ready.'));
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
