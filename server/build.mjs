// Bundles the service (main and admin CLI) for `npm start`; dependencies stay in node_modules, the workspace's own
// TypeScript (contract) is bundled in, and so are TypeBox and Kysely: each ships as hundreds of ES modules, and Node
// keeps every module it loads for as long as the process lives (docs/benchmarks.md, figure 5).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// The version the service reports (server/src/version.ts): the package's, and the commit when there is a git checkout.
const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
})();
const version = commit ? `${pkg.version}+${commit}` : pkg.version;
const bundled = new Set(['typebox', 'kysely']);
// Development dependencies the CLI imports only when it runs (qrcode) stay out too, loaded from node_modules as the
// source loads them.
const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies ?? {})].filter(
  (name) => !name.startsWith('@portal/') && !bundled.has(name),
);

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  absWorkingDir: new URL('.', import.meta.url).pathname,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  define: { __PORTAL_VERSION__: JSON.stringify(version) },
});
