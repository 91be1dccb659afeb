/**
 * Starts the built portal once for the browser tests, on a free port with its own data folder, the way `npm start`
 * runs it. Chromium must be installed: the browser tests fail rather than skip without it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { startDemoProviders } from '../../scripts/demo-idp/demo.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { CHROMIUM_PATH } from '../support/chromium-path';
import { startSmtpSink } from './smtp-sink';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    portalSecret: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const PORTAL_SECRET = 'browser-tests-only-secret-0123456789abcdef';

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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is required for the browser tests and was not found at ${CHROMIUM_PATH}: apt-get install chromium`,
    );
  }
  buildIfStale({ quiet: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const smtp = await startSmtpSink(join(dataDir, 'received-mail'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  // The SSO cobrands' demo providers, at the addresses the shipped catalogue names, with the secrets in `sso`.
  const sso: Record<string, string | undefined> = { PUBLIC_ORIGIN: baseUrl };
  const providers = await startDemoProviders(sso);
  if (providers.banner.includes('not started')) throw new Error(`The demo identity providers:\n${providers.banner}`);
  const child = spawn(process.execPath, ['server/start.cjs'], {
    cwd: root,
    env: {
      ...process.env,
      ...sso,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PORTAL_SECRET,
      PUBLIC_ORIGIN: baseUrl,
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: '',
      SMTP_URL: smtp.url,
      METRICS_PORT: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilReady(baseUrl, child);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('portalSecret', PORTAL_SECRET);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await smtp.stop();
    await providers.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
