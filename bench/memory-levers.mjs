// `npm run bench:memory`: what the process-level memory levers do to an instance. The built service is started as
// `node --expose-gc server/start.cjs` (bench/lib/servers.mjs) and with the levers that only the command line or the
// environment can set (V8's young generation capped with --max-semi-space-size=2, glibc's arenas with
// MALLOC_ARENA_MAX=2), each on one core, in interleaved rounds: requests per second on a cheap call and on a page, then resident memory settled 32 s after a
// load of cheap calls and pages in five cobrands and five languages (the service gives memory back after 10 s idle).
// Prints only; docs/operations.md ("Memory") quotes a run.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { table } from './lib/report.mjs';
import { memoryOf, startPortal } from './lib/servers.mjs';
import { median } from './lib/stats.mjs';

const VARIANTS = {
  'node --expose-gc server/start.cjs': { env: {}, nodeArgs: [] },
  'MALLOC_ARENA_MAX=2 node --expose-gc --max-semi-space-size=2 server/start.cjs': {
    env: { MALLOC_ARENA_MAX: '2' },
    nodeArgs: ['--max-semi-space-size=2'],
  },
};
const ROUNDS = 3;
const mib = (bytes) => bytes / 2 ** 20;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const load = (url, extra = {}) =>
  new Promise((resolve, reject) =>
    autocannon({ url, duration: 6, connections: 16, ...extra }, (error, result) =>
      error ? reject(error) : resolve(result.requests.average),
    ),
  );

/** Resident memory split into what is mapped from files (the node binary and its data) and the process's own. */
function residentOf(pid) {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? NaN) * 1024;
  return { rss: memoryOf(pid).rss, anonymous: kb('Anonymous'), file: kb('Rss') - kb('Anonymous') };
}

function pageRequests() {
  const requests = [];
  for (const page of ['login-signin-component', 'forgot-password-component', 'logout-component'])
    for (const cobrand of ['skerrymoor', 'larchmere', 'default', 'veltmoor', 'amberlode'])
      for (const locale of ['en_US', 'fr', 'de', 'ja', 'es'])
        requests.push({ path: `/public-portal-ui/${page}?cobrandHost=${cobrand}&locale=${locale}` });
  return requests;
}

async function measure({ env, nodeArgs }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-memory-'));
  const portal = await startPortal({ dataDir, env: { PORTAL_DEMO: 'false', ...env }, nodeArgs, cpus: '0' });
  try {
    const cheap = `${portal.url}/sdportal/rest/cobrand/skerrymoor`;
    await load(cheap);
    const cheapRate = await load(cheap);
    const pageRate = await load(portal.url, { requests: pageRequests() });
    await pause(32_000);
    return { cheapRate, pageRate, ...residentOf(portal.pid) };
  } finally {
    await portal.stop();
  }
}

buildIfStale();
const results = Object.fromEntries(Object.keys(VARIANTS).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round += 1)
  for (const [name, variant] of Object.entries(VARIANTS)) results[name].push(await measure(variant));

const rows = Object.entries(results).map(([name, runs]) => {
  const of = (key) => median(runs.map((run) => run[key]));
  return [
    name,
    Math.round(of('cheapRate')),
    Math.round(of('pageRate')),
    mib(of('rss')).toFixed(1),
    mib(of('anonymous')).toFixed(1),
    mib(of('file')).toFixed(1),
  ];
});
console.log(`Medians of ${ROUNDS} interleaved rounds, the service on one core:\n`);
console.log(
  table({
    head: [
      'started as',
      'cheap call req/s',
      'page req/s',
      'RSS settled after load (MiB)',
      'of it anonymous',
      'of it files',
    ],
    rows,
  }),
);
process.exit(0);
