// `npm test`: build if stale, lint and check the formatting, typecheck every package, run every test (browser tests
// included), then print one plain closing line and fail if the browser tests did not run.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);

buildIfStale();
execFileSync(bin('eslint'), ['.'], { cwd: root, stdio: 'inherit' });
execFileSync(bin('prettier'), ['--check', '--log-level', 'warn', '.'], { cwd: root, stdio: 'inherit' });
for (const project of ['contract', 'server', 'web', 'e2e']) {
  execFileSync(bin('tsc'), ['-p', project], { cwd: root, stdio: 'inherit' });
}

const resultsFile = join(root, '.tmp', 'test-results.json');
mkdirSync(join(root, '.tmp'), { recursive: true });
rmSync(resultsFile, { force: true });
const run = spawnSync(
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`, ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);

let passed = 0;
let failed = 0;
let browserPassed = 0;
try {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  for (const file of results.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'passed') passed += 1;
      if (test.status === 'failed') failed += 1;
      if (test.status === 'passed' && file.name.includes('/e2e/')) browserPassed += 1;
    }
  }
} catch (error) {
  console.error(`Could not read the test results: ${error.message}`);
  process.exit(1);
}
console.log(`\nbrowser tests passed: ${browserPassed}`);
console.log(`${passed} passed, ${failed} failed`);
const filtered = process.argv.length > 2;
if (!filtered && browserPassed === 0) {
  console.error('The browser tests did not run.');
  process.exit(1);
}
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
