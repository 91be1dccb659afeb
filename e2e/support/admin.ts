/** The admin CLI against the browser tests' server, to set up users a test may lock or change. */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

export function portal(...args: string[]): string {
  return portalAt(inject('dataDir'), ...args);
}

/**
 * The admin CLI against the data folder of one of the browser tests' servers: the built one, as the servers are
 * (setup/server.ts builds what is stale first), since starting it from source transpiles the service each call.
 */
export function portalAt(dataDir: string, ...args: string[]): string {
  return portalIn({ dataDir }, ...args);
}

/** The admin CLI against a portal's data folder and database (its embedded one unless `databaseUrl` is given). */
export function portalIn(at: { dataDir: string; databaseUrl?: string }, ...args: string[]): string {
  return execFileSync(process.execPath, ['server/dist/cli.js', ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: at.dataDir,
      PORTAL_SECRET: inject('portalSecret'),
      DATABASE_URL: at.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
    },
    encoding: 'utf8',
  });
}

export const PASSWORD = 'Portal-Demo-2026';

/**
 * A fresh active password user of the given cobrand, named after the test so runs never collide; with the name the
 * mails greet them by, on the portal given (the shared one by default).
 */
export function addUser(
  userId: string,
  cobrand = 'skerrymoor',
  options: { name?: string; at?: { dataDir: string; databaseUrl?: string } } = {},
): string {
  const name = options.name ? ['--name', options.name] : [];
  const at = options.at ?? { dataDir: inject('dataDir') };
  portalIn(
    at,
    'users',
    'add',
    userId,
    '--email',
    `${userId}@example.com`,
    '--cobrand',
    cobrand,
    '--password',
    PASSWORD,
    ...name,
  );
  return userId;
}
