/**
 * Starts the built portal once for the browser tests, on a free port with its own data folder, the way `npm start`
 * runs it, and a second one whose token users the bank's token server checks (RADIUS, a real FreeRADIUS). Chromium
 * must be installed: the browser tests fail rather than skip without it.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { startFreeRadius } from '../../scripts/test-radius/freeradius.mjs';
import { CHROMIUM_PATH } from '../support/chromium-path';
import { PORTAL_SECRET, startPortal } from '../support/portal-process';
import { startSmtpSink } from './smtp-sink';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    portalSecret: string;
    radiusBaseUrl: string;
    radiusDataDir: string;
    /** The first portal's admin listener, where the help-desk console is. */
    adminUrl: string;
  }
}

const RADIUS_SECRET = 'browser-tests-radius-secret';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is required for the browser tests and was not found at ${CHROMIUM_PATH}: apt-get install chromium`,
    );
  }
  buildIfStale({ quiet: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const smtp = await startSmtpSink(join(dataDir, 'received-mail'));
  // `npm start`'s launcher runs the portal and, beside it under plain Node, the SSO cobrands' demo providers at the
  // addresses the shipped catalogue names (a port taken by something else fails the SSO tests, naming it).
  const port = await freePort();
  const adminPort = await freePort();
  const portal = await startPortal(
    { PUBLIC_ORIGIN: `http://localhost:${port}`, SMTP_URL: smtp.url, ADMIN_PORT: String(adminPort) },
    dataDir,
    port,
    'scripts/start.mjs',
  );
  // A second portal whose token users' PIN and tokencode the bank's token server checks (a real FreeRADIUS).
  const radius = await startFreeRadius({ secret: RADIUS_SECRET });
  const radiusPortal = await startPortal(
    { TOKEN_BACKEND: 'radius', RADIUS_SERVERS: `${radius.host}:${radius.port}`, RADIUS_SECRET, SMTP_URL: smtp.url },
    mkdtempSync(join(tmpdir(), 'portal-e2e-radius-')),
    await freePort(),
  );
  project.provide('baseUrl', portal.baseUrl);
  project.provide('dataDir', portal.dataDir);
  project.provide('portalSecret', PORTAL_SECRET);
  project.provide('radiusBaseUrl', radiusPortal.baseUrl);
  project.provide('radiusDataDir', radiusPortal.dataDir);
  project.provide('adminUrl', `http://127.0.0.1:${adminPort}`);
  return async () => {
    await portal.stop();
    await radiusPortal.stop();
    await radius.close();
    await smtp.stop();
  };
}
