import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PORTAL_SECRET, root } from './servers.mjs';

/** A benchmark database in `dataDir` (bench/lib/seed-database.ts); answers what the seeder wrote about it. */
export function seed(dataDir, users, sessions, env = {}) {
  const out = `${dataDir}.json`;
  execFileSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/lib/seed-database.ts'), dataDir, String(users), String(sessions), out],
    {
      cwd: root,
      env: { ...process.env, PORTAL_SECRET, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return JSON.parse(readFileSync(out, 'utf8'));
}
