// Builds the web app and the service only when a source is newer than the last build, so a second start is quick.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const shared = ['contract/src', 'data/i18n/en_US', 'package-lock.json'];
const TARGETS = [
  {
    name: 'web',
    stamp: 'web/dist/.build-stamp',
    inputs: ['web/src', 'web/page.html', 'web/vite.config.ts', ...shared],
  },
  { name: 'server', stamp: 'server/dist/.build-stamp', inputs: ['server/src', 'server/build.mjs', ...shared] },
];

function newest(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((entry) => newest(join(path, entry))));
}

/** Whether a target ('web' or 'server') has a source newer than its last build (or was never built). */
export function isStale(target) {
  const stampFile = join(root, target.stamp);
  const built = existsSync(stampFile) ? statSync(stampFile).mtimeMs : 0;
  return built <= Math.max(...target.inputs.map(newest));
}

/** The service's bundle is current: tests may start it rather than compile its source again at every start. */
export const serverBuildIsCurrent = () => !isStale(TARGETS.find((target) => target.name === 'server'));

export function buildIfStale({ quiet = false } = {}) {
  for (const target of TARGETS) {
    if (!isStale(target)) continue;
    if (!quiet) console.log(`Building ${target.name}…`);
    // Always a production build, whatever NODE_ENV the caller runs under (Vitest sets it to "test").
    const env = { ...process.env, NODE_ENV: 'production' };
    execFileSync('npm', ['run', 'build', '--workspace', target.name], {
      cwd: root,
      env,
      stdio: quiet ? 'ignore' : 'inherit',
    });
    writeFileSync(join(root, target.stamp), new Date().toISOString());
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();
