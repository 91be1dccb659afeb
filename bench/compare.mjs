// `npm run bench:compare -- --before=<commit> [--after=<commit>] --title="…"`: the service built at two commits
// (--after defaults to this checkout as it is, built), each on its own copy of one seeded database, measured in
// interleaved rounds on the calls figure 2 and figure 1 measure: requests per second at saturation, the main thread's
// CPU per request, sign-ins per second and, with --users above 100,000, a ping's p99 and maximum while sign-ins write.
// Prints the comparison; with --write, puts it in docs/benchmarks.md under the title.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { signInLoad } from './figures/signin-throughput.mjs';
import { withComparison } from './lib/comparisons.mjs';
import { agent, APP_HEADERS, fixedRate, signInSequence } from './lib/http.mjs';
import { table } from './lib/report.mjs';
import { seed } from './lib/seed.mjs';
import { cpuOf, root, startPortal } from './lib/servers.mjs';
import { median, percentile, round } from './lib/stats.mjs';
import { buildRevision, describeRevision } from './lib/worktree.mjs';

const { values: options } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string' },
    title: { type: 'string', default: 'comparison' },
    rounds: { type: 'string', default: '6' },
    starts: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '1' },
    users: { type: 'string', default: '20000' },
    write: { type: 'boolean', default: false },
  },
});
if (!options.before) throw new Error('usage: npm run bench:compare -- --before=<commit> [--after=<commit>] --title=…');
const rounds = Number(options.rounds);
const starts = Number(options.starts);
const seconds = Number(options.seconds);
const userCount = Number(options.users);
const PING = '/sdportal/rest/sessionExpire/pingPortal.json';
// The service under test on one core, this process (the load generator) on the other, so neither takes the other's
// time and the two builds see the same machine.
const SERVER_CPU = '0';
execFileSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' });

const CALLS = [
  ['cobrand record', '/sdportal/rest/cobrand/skerrymoor'],
  ['cobrand locales', '/sdportal/rest/cobrands/skerrymoor/locales'],
  ['translation bundle (fr PortalLabels)', '/public-portal-ui/assets/i18n/fr/user-ux/PortalLabels.json'],
  ['session ping', PING],
  ['login info', '/sdportal/rest/login/info?username=bench0000001'],
  ['/healthz', '/healthz'],
];

async function saturate(server, path) {
  const before = cpuOf(server.pid).main;
  const result = await autocannon({
    url: `${server.url}${path}`,
    headers: server.headers,
    connections: 10,
    duration: seconds,
  });
  if (result.non2xx || result.errors) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result['2xx'] / result.duration, cpu: ((cpuOf(server.pid).main - before) / result['2xx']) * 1e6 };
}

/** A ping at 500 a second while 16 browsers sign in: what a checkpoint or a slow write does to everyone else. */
async function pingUnderWrites(server, seedInfo, users) {
  let next = 0;
  const [ping] = await Promise.all([
    fixedRate(server.url, { rate: 500, seconds, requests: [{ path: PING, headers: server.headers }] }),
    signInLoad(server, seedInfo, seconds, () => users[next++ % users.length]),
  ]);
  return { p99: percentile(ping.latencies, 99), max: percentile(ping.latencies, 100) };
}

/** Each measure answers named samples from one run against one server. */
function measures() {
  const list = CALLS.map(([name, path]) => async (server) => {
    const { rps, cpu } = await saturate(server, path);
    return [
      [`${name}: req/s`, rps],
      [`${name}: main-thread CPU per request (µs)`, cpu],
    ];
  });
  list.push(async (server, seedInfo, users) => {
    let next = 0;
    const load = await signInLoad(server, seedInfo, seconds, () => users[next++ % users.length]);
    return [['sign-ins/s', load.signIns / load.seconds]];
  });
  if (userCount > 100_000)
    list.push(async (server, seedInfo, users) => {
      const { p99, max } = await pingUnderWrites(server, seedInfo, users);
      return [
        ['ping p99 at 500/s during sign-ins (ms)', p99],
        ['ping max at 500/s during sign-ins (ms)', max],
      ];
    });
  return list;
}

/** Every measure in turn, run `rounds` times on both servers, alternating which goes first. */
async function measureBoth(servers, seedInfo, users) {
  const samples = [[], []];
  for (const measure of measures()) {
    for (const server of servers) await measure(server, seedInfo, users); // warm-up, untimed
    for (let r = 0; r < rounds; r += 1) {
      for (const i of r % 2 === 0 ? [0, 1] : [1, 0]) samples[i].push(...(await measure(servers[i], seedInfo, users)));
    }
    process.stdout.write('.');
  }
  return samples;
}

function summarise(before, after) {
  const byName = (samples) =>
    samples.reduce((map, [name, value]) => map.set(name, [...(map.get(name) ?? []), value]), new Map());
  const [b, a] = [byName(before), byName(after)];
  const range = (values) => `${round(Math.min(...values), 1)}–${round(Math.max(...values), 1)}`;
  return [...b.keys()].map((name) => {
    const [mb, ma] = [median(b.get(name)), median(a.get(name))];
    const change = `${ma >= mb ? '+' : ''}${round((100 * (ma - mb)) / mb, 1)} %`;
    return [name, round(mb, 1), range(b.get(name)), round(ma, 1), range(a.get(name)), change];
  });
}

const temp = mkdtempSync(join(tmpdir(), 'portal-compare-'));
const cleanups = [() => rmSync(temp, { recursive: true, force: true })];
try {
  if (!options.after) buildIfStale();
  const builds = [buildRevision(options.before, temp, 'before')];
  builds.push(options.after ? buildRevision(options.after, temp, 'after') : { dir: root, commit: 'this checkout' });
  for (const build of builds) if (build.remove) cleanups.unshift(build.remove);
  const seeded = join(temp, 'seed');
  const seedInfo = seed(seeded, userCount, 0);
  const users = Array.from({ length: userCount }, (_, i) => `bench${String(i).padStart(7, '0')}`).slice(2);
  const samples = [[], []];
  // Each start of a process lays out its heap and compiles its code a little differently: the samples come from
  // several starts of each build.
  for (let start = 0; start < starts; start += 1) {
    const servers = [];
    for (const [i, build] of builds.entries()) {
      const dataDir = join(temp, `data-${i}`);
      if (start === 0) cpSync(seeded, dataDir, { recursive: true });
      const server = await startPortal({ dataDir, name: `build ${build.commit}`, cwd: build.dir, cpus: SERVER_CPU });
      const { cookie } = await signInSequence(server.url, agent(1), 'bench0000000', seedInfo.password);
      servers.push({ ...server, headers: { ...APP_HEADERS, cookie, 'accept-encoding': 'gzip, deflate, br, zstd' } });
    }
    try {
      const [before, after] = await measureBoth(servers, seedInfo, users);
      samples[0].push(...before);
      samples[1].push(...after);
    } finally {
      for (const server of servers) await server.stop();
    }
  }
  const names = [describeRevision(options.before), options.after ? describeRevision(options.after) : 'this checkout'];
  const section = [
    `## ${options.title}`,
    '',
    `Before: \`${names[0]}\`; after: \`${names[1]}\`. Medians of ${rounds * starts} runs of each measure on each build (${rounds} on each of ${starts} starts of its process), ${seconds} s each, the two builds alternating; the service on core ${SERVER_CPU} alone, the load generator on the other, ${userCount.toLocaleString('en-US')} users; run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Rerun: \`npm run bench:compare -- --before=${options.before}${options.after ? ` --after=${options.after}` : ''} --users=${userCount}\`.`,
    '',
    table({
      head: ['measure', 'before (median)', 'before (range)', 'after (median)', 'after (range)', 'change'],
      rows: summarise(...samples),
    }),
  ].join('\n');
  console.log(`\n${section}`);
  if (options.write) {
    const file = join(root, 'docs/benchmarks.md');
    writeFileSync(file, withComparison(file, options.title, section));
    console.log(`Wrote ${file}`);
  }
} finally {
  for (const cleanup of cleanups) await Promise.resolve(cleanup()).catch(() => undefined);
}
