/**
 * The built portal as a process of its own, as `npm start` runs it: on a free port with its own data folder and
 * `env` on top. The global setup starts the browser tests' shared portals with it; a test that needs a portal set
 * up otherwise (a hash queue that fills, say) starts its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The secret every browser-test portal shares, so the admin CLI (support/admin.ts) can work on any of them. */
export const PORTAL_SECRET = 'browser-tests-only-secret-0123456789abcdef';

export interface PortalProcess {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function waitUntilReady(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (child.exitCode !== null) throw new Error(`The portal exited with code ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The portal did not become ready within 20 s');
}

/** Starts the portal on `port` with `dataDir` (removed when it stops) and `env` over the browser tests' settings. */
export async function startPortal(
  env: Record<string, string | undefined>,
  dataDir: string,
  port: number,
  entry: 'scripts/start.mjs' | 'server/start.cjs' = 'server/start.cjs',
): Promise<PortalProcess> {
  const baseUrl = `http://localhost:${port}`;
  // The service's own entry takes the V8 flag the service is deployed with; `npm start`'s passes it on itself.
  const child = spawn(process.execPath, entry === 'server/start.cjs' ? ['--expose-gc', entry] : [entry], {
    cwd: root,
    env: {
      ...process.env,
      PUBLIC_ORIGIN: baseUrl,
      // The new-device code is asked only by the browser tests of that step, which turn it on.
      NEW_DEVICE_VERIFICATION: 'off',
      // No admin listener unless a test asks for one (the help-desk console's).
      ADMIN_PORT: '',
      // The embedded database unless a test gives one.
      DATABASE_URL: '',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PORTAL_SECRET,
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      METRICS_PORT: '',
      DRAIN_SECONDS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilReady(baseUrl, child);
  const stop = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, dataDir, stop };
}
