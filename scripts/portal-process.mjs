// The built portal (`node --expose-gc server/start.cjs`) on a free port with its own data folder, for the scripts
// that draw it (`npm run cobrand-sheet`, `npm run screens`); `env` adds to or replaces the quiet, unthrottled defaults.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The environment of a portal run by a script: its own data, no throttle, quiet logs, embedded database, no mail, and
 * no new-device code (its mail would go nowhere a script reads; `env` turns it on where a script draws that step).
 */
export const quietPortalEnv = ({ port, dataDir, secret }) => ({
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PORTAL_SECRET: secret,
  PUBLIC_ORIGIN: `http://localhost:${port}`,
  RATE_LIMIT_PER_MINUTE: '0',
  NEW_DEVICE_VERIFICATION: 'off',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  DATABASE_URL: '',
  SMTP_URL: '',
  PORTAL_DEMO: 'false',
  METRICS_PORT: '',
  ADMIN_PORT: '',
});

/** `port`: one chosen beforehand, when something started first must know the portal's address (its demo providers). */
export async function startPortal(dataDir, env = {}, { port = 0 } = {}) {
  port ||= await freePort();
  const baseUrl = `http://localhost:${port}`;
  const secret = randomBytes(32).toString('base64');
  const environment = { ...process.env, PORT: String(port), ...quietPortalEnv({ port, dataDir, secret }), ...env };
  const child = spawn(process.execPath, ['--expose-gc', 'server/start.cjs'], {
    cwd: root,
    env: environment,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
  };
  for (let i = 0; i < 200; i += 1) {
    if (child.exitCode !== null) throw new Error(`The portal exited with code ${child.exitCode}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { baseUrl, child, environment, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('The portal did not become ready within 20 s');
}
