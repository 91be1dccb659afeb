/**
 * Figure 1: password sign-ins per second through §7's real HTTP sequence under concurrent load, beside the raw
 * argon2id verify rate of the same parameters, in alternating rounds of the same run.
 */
import { execFile } from 'node:child_process';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { APP_HEADERS, headCookie, rawConnection } from '../lib/http.mjs';
import { cpuOf, root, withRssSampling } from '../lib/servers.mjs';
import { median, percentile, round, roundDown, sum } from '../lib/stats.mjs';

const run = promisify(execFile);
export const CONNECTIONS = 16;

/**
 * `inFlight`: verifies kept in flight, on a pool of as many threads; by default what the service's entry
 * (server/start.cjs) gives the service: UV_THREADPOOL_SIZE if set, else one thread a core.
 */
async function rawVerifyRate(
  seed,
  seconds,
  inFlight = Number(process.env.UV_THREADPOOL_SIZE) || availableParallelism(),
) {
  const { stdout } = await run(
    process.execPath,
    [join(root, 'bench/lib/argon2-rate.mjs'), seed.passwordHash, seed.password, String(seconds), String(inFlight)],
    {
      cwd: root,
      env: { ...process.env, UV_THREADPOOL_SIZE: String(inFlight) },
    },
  );
  return JSON.parse(stdout);
}

/** libuv's default pool size: how many verifies the service ran at once before its entry sized the pool to the cores. */
const POOL_DEFAULT = 4;
const COMPARISON_ROUNDS = 3;

/**
 * Sign-ins by `CONNECTIONS` simulated browsers, each running the whole sequence for a distinct user every time, on
 * plain keep-alive sockets (`rawConnection`): the generator shares the 2 cores with the service, and a full HTTP
 * client would take CPU the argon2 pool then lacks.
 */
export function signInLoad(server, seed, seconds, nextUser, device = () => undefined) {
  return closedLoop(server, seconds, async (timed) => {
    const user = nextUser();
    const logout = await timed('logout', { path: '/sdportal/logout', headers: APP_HEADERS });
    const token = headCookie(logout.head, 'sec-token');
    // A trusted browser sends its device cookie too (docs/decisions.md, "Device trust").
    const cookie = [`sec-token=${token}`, device(user) && `portal-device=${device(user)}`].filter(Boolean).join('; ');
    const info = await timed('login info', {
      path: `/sdportal/rest/login/info?username=${encodeURIComponent(user)}`,
      headers: { ...APP_HEADERS, cookie },
    });
    const ldapId = info.status === 200 ? JSON.parse(info.body.toString('utf8')).ldapId : '';
    return timed('sign-in', {
      method: 'POST',
      path: '/pkmslogin.form',
      headers: { ...APP_HEADERS, cookie, 'x-xsrf-token': token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        username: ldapId,
        'login-form-type': 'password',
        password: seed.password,
      }).toString(),
    });
  });
}

/**
 * `CONNECTIONS` browsers, each on a connection of its own, each running `signIn` (its calls made with `timed`, the
 * last one's answer returned) again and again for `seconds`; the service's CPU over them, from /proc.
 */
export async function closedLoop(server, seconds, signIn) {
  let signIns = 0;
  let refused = 0;
  // Sign-ins the service shed (503 `busy`: its argon2 queue full, as under a storm): load refused, not a failure.
  let shed = 0;
  const other = new Map();
  const latencies = [];
  const count = (status, step) => {
    if (step === 'sign-in' && status === 503) shed += 1;
    else if (status >= 300 && !(step === 'logout' && status === 204))
      other.set(`${step} ${status}`, (other.get(`${step} ${status}`) ?? 0) + 1);
  };
  const cpuBefore = cpuOf(server.pid);
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let errors = 0;
  const browser = async () => {
    const connection = rawConnection(server.url);
    const timed = async (step, request) => {
      const begun = performance.now();
      const answer = await connection.request(request);
      latencies.push(performance.now() - begun);
      count(answer.status, step);
      return answer;
    };
    try {
      while (performance.now() < deadline) {
        const { status } = await signIn(timed);
        if (status === 200) signIns += 1;
        else if (status === 401) refused += 1;
      }
    } catch {
      errors += 1;
    } finally {
      connection.close();
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, browser));
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = cpuOf(server.pid);
  const own = process.cpuUsage(ownBefore);
  const cpu = {
    serverMain: cpuAfter.main - cpuBefore.main,
    serverOthers: cpuAfter.others - cpuBefore.others,
    loadGenerator: (own.user + own.system) / 1e6,
  };
  return {
    cpu,
    signIns,
    refused,
    shed,
    other: Object.fromEntries(other),
    seconds: elapsed,
    errors,
    timeouts: 0,
    requestP50: round(percentile(latencies, 50), 1),
  };
}

export async function signInThroughput({ server, floor, seed, users, rounds, seconds }) {
  // Every sign-in is of the next user in the list (distinct users until the list is used up).
  let next = 0;
  const nextUser = () => users[next++ % users.length];
  // Warm-up, untimed: the JIT, the SQLite page cache, argon2's threads.
  await signInLoad(server, seed, 3, nextUser);
  await signInLoad(floor, seed, 3, nextUser);
  const rows = [];
  let maxRss = 0;
  const checked = (name, load) => {
    if (load.refused || Object.keys(load.other).length || load.errors || load.timeouts) {
      throw new Error(
        `${name}: sign-in load had failures: refused ${load.refused}, ${JSON.stringify(load.other)}, errors ${load.errors}, timeouts ${load.timeouts}`,
      );
    }
    return load;
  };
  const serviceLoad = async () => {
    const sampled = await withRssSampling(server.pid, () => signInLoad(server, seed, seconds, nextUser));
    maxRss = Math.max(maxRss, sampled.maxRss);
    return checked('the service', sampled.result);
  };
  const floorLoad = async () => checked('the floor', await signInLoad(floor, seed, seconds, nextUser));
  for (let r = 0; r < rounds; r += 1) {
    const raw = await rawVerifyRate(seed, seconds);
    const rawAtPoolSize =
      r < COMPARISON_ROUNDS && raw.concurrency !== POOL_DEFAULT
        ? await rawVerifyRate(seed, seconds, POOL_DEFAULT)
        : null;
    // The service and the floor take turns at going first, so neither always follows the raw run.
    let load;
    let bare;
    if (r % 2 === 0) {
      load = await serviceLoad();
      bare = await floorLoad();
    } else {
      bare = await floorLoad();
      load = await serviceLoad();
    }
    rows.push({
      round: r + 1,
      rawPerSecond: raw.verifies / raw.seconds,
      rawVerifies: raw.verifies,
      rawSeconds: raw.seconds,
      concurrency: raw.concurrency,
      signInsPerSecond: load.signIns / load.seconds,
      signIns: load.signIns,
      shed: load.shed,
      floorShed: bare.shed,
      signInSeconds: load.seconds,
      requestP50: load.requestP50,
      cpu: load.cpu,
      floorPerSecond: bare.signIns / bare.seconds,
      floorSignIns: bare.signIns,
      floorCpu: bare.cpu,
      rawAtPoolSize: rawAtPoolSize && rawAtPoolSize.verifies / rawAtPoolSize.seconds,
    });
  }
  const rawRate = sum(rows.map((r) => r.rawVerifies)) / sum(rows.map((r) => r.rawSeconds));
  const signInRate = sum(rows.map((r) => r.signIns)) / sum(rows.map((r) => r.signInSeconds));
  const ratio = signInRate / rawRate;
  const roundRatios = rows.map((r) => r.signInsPerSecond / r.rawPerSecond);
  // The figure is the median of the rounds' ratios: a burst of other work on a shared machine that lands on one half
  // of a round moves that round's ratio a lot (either way), and the median is not moved by one such round.
  const figureRatio = median(roundRatios);
  const floorRatio = median(rows.map((r) => r.floorPerSecond / r.rawPerSecond));
  const capacity = cpus().length * sum(rows.map((r) => r.signInSeconds));
  const share = (key) => sum(rows.map((r) => r.cpu[key])) / capacity;
  const cpuShares = {
    serverMain: share('serverMain'),
    serverOthers: share('serverOthers'),
    loadGenerator: share('loadGenerator'),
  };
  const goal = 0.9;
  return {
    id: 1,
    title: 'Password sign-ins per second vs raw argon2id verifies per second',
    goal: `sign-ins/s at least ${goal} of the raw argon2id verify rate`,
    result: `ratio ${roundDown(figureRatio)} (median of ${rows.length} rounds); over all rounds ${round(signInRate, 1)} sign-ins/s vs ${round(rawRate, 1)} verifies/s (${roundDown(ratio)}); the floor (a bare server that only verifies) ${roundDown(floorRatio)}`,
    met: figureRatio >= goal,
    maxRss,
    table: {
      head: [
        'round',
        'raw argon2id verifies/s',
        'sign-ins/s',
        'shed (503 busy)',
        'ratio',
        'p50 of all requests (ms)',
        'CPU: server main thread',
        'CPU: server pool (argon2)',
        'CPU: load generator',
        'floor: sign-ins/s',
        'floor: ratio',
      ],
      rows: rows.map((r) => {
        const cap = cpus().length * r.signInSeconds;
        const pct = (v) => `${round((100 * v) / cap, 1)} %`;
        return [
          r.round,
          round(r.rawPerSecond, 1),
          round(r.signInsPerSecond, 1),
          r.shed,
          round(r.signInsPerSecond / r.rawPerSecond, 3),
          r.requestP50,
          pct(r.cpu.serverMain),
          pct(r.cpu.serverOthers),
          pct(r.cpu.loadGenerator),
          round(r.floorPerSecond, 1),
          round(r.floorPerSecond / r.rawPerSecond, 3),
        ];
      }),
    },
    notes: [
      shedNote(rows),
      ...comparisonNote(rows),
      floorNote(rows),
      `Over the sign-in halves of the rounds the service's argon2 pool used ${round(100 * cpuShares.serverOthers, 1)} % of the machine's CPU, its main thread ${round(100 * cpuShares.serverMain, 1)} %, the load generator ${round(100 * cpuShares.loadGenerator, 1)} %; the raw runs had the machine to themselves apart from other processes.`,
    ],
    method: [
      `The service: the built \`node server/start.cjs\` on SQLite in a temporary DATA_DIR (RATE_LIMIT_PER_MINUTE=0, LOG_LEVEL=warn, PORTAL_DEMO=false, a fixed PORTAL_SECRET), holding ${users.length.toLocaleString('en-US')} password users written by \`bench/lib/seed-database.ts\` (the service's own bootstrap, \`hashSecret\` and \`ldapIdFor\`; one argon2id hash, m=19456 KiB, t=2, p=1, serves every row since its salt is inside it).`,
      `Sign-ins: ${CONNECTIONS} keep-alive connections on plain sockets (\`rawConnection\` in \`bench/lib/http.mjs\`, which costs far less CPU than autocannon did), each a browser running §7's whole sequence for the next user of the list (${Math.min(next, users.length).toLocaleString('en-US')} distinct users over the run): \`GET /sdportal/logout\` with X-Requested-With (answers 204 and the \`sec-token\` cookie), \`GET /sdportal/rest/login/info?username=…\` (answers the ldapId), \`POST /pkmslogin.form\` form-encoded with the cookie echoed in X-XSRF-TOKEN. A sign-in counts when send-login answers 200 with the platform address; a 503 \`busy\` (the argon2 queue full, as on a machine other work keeps busy) is load the service shed, counted apart and not a sign-in, so the sign-ins a second are the goodput; any other answer stops the benchmark.`,
      `Raw rate: \`bench/lib/argon2-rate.mjs\` in a process of its own verifies the same hash and password with @node-rs/argon2 (the service's library), keeping ${rows[0]?.concurrency} verifies in flight: as many as the service's pool has threads (UV_THREADPOOL_SIZE, set by its entry \`server/start.cjs\` to the number of cores).`,
      `The floor: \`bench/lib/bare-signin-server.mjs\`, a bare Fastify server (the same package, no plugins, no logger, no database) on a pool of the same size, answering the same three calls from the same generator with the service's shapes (a 204 with a \`sec-token\` cookie, the login-info JSON, the platform address with a session cookie), where send-login only verifies the password with @node-rs/argon2. What it reaches is what this machine allows for the sequence with nothing of the service's own work; a ratio above it is not to be had here.`,
      `${rounds} short rounds, each ${seconds} s of raw verifies then ${seconds} s of sign-ins on the service and ${seconds} s on the floor (which of the two goes first alternates), after an untimed 3 s sign-in warm-up of each, so all three see nearly the same moments of a shared machine. The figure is the median of the rounds' ratios (sign-ins/s over verifies/s); the ratio over all rounds together is given beside it. Both have the machine's ${cpus().length} cores; the sign-ins share them with the service's main thread and the load generator, whose CPU use (from /proc/<pid>/task/*/stat and process.cpuUsage) is shown as a share of the machine.`,
    ],
    data: {
      rows,
      rawRate,
      signInRate,
      ratio,
      figureRatio,
      floorRatio,
      cpuShares,
      connections: CONNECTIONS,
      concurrency: rows[0]?.concurrency,
      signInsTotal: next,
      distinctUsers: Math.min(next, users.length),
    },
  };
}

/** What the service's own work costs per sign-in, beside the floor's: main thread and load generator, in µs. */
function floorNote(rows) {
  const perSignIn = (cpu, signIns, key) => (1e6 * sum(rows.map((r) => r[cpu][key]))) / sum(rows.map((r) => r[signIns]));
  const service = (key) => round(perSignIn('cpu', 'signIns', key), 0);
  const bare = (key) => round(perSignIn('floorCpu', 'floorSignIns', key), 0);
  return `CPU per sign-in over all rounds: the service's main thread ${service('serverMain')} µs, the floor's ${bare('serverMain')} µs (three answers with nothing behind them but the verify); the load generator ${service('loadGenerator')} µs against the service and ${bare('loadGenerator')} µs against the floor. Every µs of it is taken from the argon2 pool, since both share the machine's ${cpus().length} cores.`;
}

/** What the service shed, beside what it signed in: the sign-ins a second are goodput, shed load is not a failure. */
function shedNote(rows) {
  const shed = sum(rows.map((r) => r.shed));
  const tries = shed + sum(rows.map((r) => r.signIns));
  return `Shed: ${shed} of ${tries} sign-in tries over all rounds (${round((100 * shed) / tries, 1)} %) were answered 503 \`busy\`, the service's argon2 queue full; each was answered at once and is not counted as a sign-in.`;
}

/** The raw rate with libuv's default 4 in flight, in the first rounds, beside the service's own setting. */
function comparisonNote(rows) {
  const compared = rows.filter((r) => r.rawAtPoolSize);
  if (compared.length === 0) return [];
  const at = (key) => median(compared.map((r) => r[key]));
  return [
    `Raw verifies with ${POOL_DEFAULT} in flight (libuv's default pool size) in rounds 1–${compared.length}: ${round(at('rawAtPoolSize'), 1)} a second (median; each: ${compared.map((r) => round(r.rawAtPoolSize, 1)).join(' / ')}), against ${round(at('rawPerSecond'), 1)} with ${rows[0].concurrency} in flight, the service's setting and the reference above.`,
  ];
}
