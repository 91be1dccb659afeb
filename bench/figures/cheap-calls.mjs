/**
 * Figure 2: the cheap calls every page makes (cobrand record, locales, a translation bundle, the session ping):
 * requests per second at saturation, and p99 latency at a fixed 2,000 requests per second, beside a bare Fastify
 * hello-world measured the same way in the same rounds.
 */
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { APP_HEADERS, fixedRate } from '../lib/http.mjs';
import { cpuOf, withRssSampling } from '../lib/servers.mjs';
import { median, percentile, round, roundDown } from '../lib/stats.mjs';

export const CONNECTIONS = 10;
export const FIXED_RATE = 2_000;
export const P99_GOAL_MS = 5;

/** The calls, with the cookies a signed-in browser sends (so the anti-forgery token is valid and not re-issued). */
export function cheapCalls({ portal, hello, helloHeaders, cookie }) {
  const service = { base: portal.url, pid: portal.pid, headers: { ...APP_HEADERS, cookie } };
  return [
    { name: 'hello-world (bare Fastify)', base: hello.url, pid: hello.pid, path: '/', headers: {}, role: 'reference' },
    ...(helloHeaders
      ? [
          {
            name: "hello-world + the service's security-header plugin alone (registerSecurityHeaders)",
            base: helloHeaders.url,
            pid: helloHeaders.pid,
            path: '/',
            headers: {},
            role: 'extra',
          },
        ]
      : []),
    { name: 'cobrand record', ...service, path: '/sdportal/rest/cobrand/skerrymoor', role: 'goal' },
    { name: 'cobrand locales', ...service, path: '/sdportal/rest/cobrands/skerrymoor/locales', role: 'goal' },
    {
      name: 'translation bundle (fr PortalLabels)',
      ...service,
      path: '/public-portal-ui/assets/i18n/fr/user-ux/PortalLabels.json',
      role: 'goal',
    },
    {
      name: 'session ping (one session pinged over and over: a read once renewed; figure 6 pings with writes)',
      ...service,
      path: '/sdportal/rest/sessionExpire/pingPortal.json',
      role: 'goal',
    },
    {
      name: "portal /healthz (no handler work: the service's per-request hooks alone)",
      ...service,
      path: '/healthz',
      role: 'extra',
    },
  ];
}

/** Also answers the CPU time the answering server's main thread spent meanwhile. */
async function saturate(call, seconds) {
  const cpuBefore = cpuOf(call.pid).main;
  const result = await autocannon({
    url: `${call.base}${call.path}`,
    headers: call.headers,
    connections: CONNECTIONS,
    duration: seconds,
  });
  const cpu = cpuOf(call.pid).main - cpuBefore;
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `${call.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return { ok: result['2xx'], seconds: result.duration, cpu };
}

export async function cheapCallsFigure({ portal, hello, helloHeaders, cookie, rounds, seconds, rateSeconds }) {
  const calls = cheapCalls({ portal, hello, helloHeaders, cookie });
  for (const call of calls) await saturate(call, 1); // warm-up, untimed
  const stats = new Map(
    calls.map((c) => [
      c.name,
      { ok: 0, seconds: 0, cpu: 0, perRound: [], p50: [], p99: [], max: [], achieved: [], lag: [], lagMax: [] },
    ]),
  );
  const { maxRss } = await withRssSampling(portal.pid, async () => {
    for (let r = 0; r < rounds; r += 1) {
      for (const call of calls) {
        const { ok, seconds: s, cpu } = await saturate(call, seconds);
        const t = stats.get(call.name);
        t.ok += ok;
        t.cpu += cpu;
        t.seconds += s;
        t.perRound.push(ok / s);
      }
      for (const call of calls) {
        const run = await fixedRate(call.base, {
          rate: FIXED_RATE,
          seconds: rateSeconds,
          requests: [{ path: call.path, headers: call.headers }],
        });
        if (run.errors || run.unexpected)
          throw new Error(
            `${call.name} at ${FIXED_RATE}/s: ${run.errors} errors, answers ${JSON.stringify(run.statuses)}`,
          );
        const t = stats.get(call.name);
        t.p50.push(percentile(run.latencies, 50));
        t.p99.push(percentile(run.latencies, 99));
        t.max.push(percentile(run.latencies, 100));
        t.achieved.push(run.achievedRate);
        t.lag.push(run.generatorLagP99);
        t.lagMax.push(run.generatorLagMax);
      }
    }
  });
  const rps = (name) => stats.get(name).ok / stats.get(name).seconds;
  const helloRps = rps(calls.find((c) => c.role === 'reference').name);
  const rows = calls.map((call) => {
    const t = stats.get(call.name);
    const ratio = rps(call.name) / helloRps;
    const p99 = median(t.p99);
    return {
      name: call.name,
      path: call.path,
      role: call.role,
      rps: rps(call.name),
      perRound: t.perRound,
      ratio,
      cpuPerRequest: (t.cpu / t.ok) * 1e6,
      p50: median(t.p50),
      p99,
      p99Rounds: t.p99,
      max: Math.max(...t.max),
      achieved: Math.min(...t.achieved),
      lag: Math.max(...t.lag),
      lagMax: Math.max(...t.lagMax),
      ratioMet: ratio >= 0.5,
      p99Met: p99 < P99_GOAL_MS,
    };
  });
  const goalRows = rows.filter((r) => r.role === 'goal');
  const worstRatio = goalRows.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  const worstP99 = goalRows.reduce((a, b) => (b.p99 > a.p99 ? b : a));
  const byName = (prefix) => rows.find((r) => r.name.startsWith(prefix));
  const withHeaders = byName('hello-world + ');
  const healthz = byName('portal /healthz');
  const notes = [];
  if (withHeaders && healthz) {
    notes.push(
      `The same hello-world with only the service's security-header plugin reached ${round(withHeaders.ratio, 3)} of the bare one, and the service's \`/healthz\` (a handler that does nothing) ${round(healthz.ratio, 3)}: the calls above pay that much before their own work.`,
    );
  }
  const ping = byName('session ping');
  if (ping && healthz) {
    notes.push(
      `CPU per request of the answering server's main thread at saturation: the hello-world ${round(rows[0].cpuPerRequest, 1)} µs, \`/healthz\` ${round(healthz.cpuPerRequest, 1)} µs, the ping ${round(ping.cpuPerRequest, 1)} µs. The difference from \`/healthz\` is the ping's own work: the anti-forgery check (which probes skip), the session ID's hash, and the session read from the database, which every ping makes so that a logout on any instance ends the session at once (ARCHITECTURE §2 and §5).`,
    );
  }
  notes.push(
    `The bare hello-world's own p99 at ${FIXED_RATE}/s was ${round(rows[0].p99, 2)} ms (rounds: ${rows[0].p99Rounds.map((v) => round(v, 2)).join(' / ')}): what the machine allowed while the figure was taken.`,
  );
  const verdict = (r) =>
    r.role !== 'goal' ? r.role : `ratio ${r.ratioMet ? 'met' : 'missed'}, p99 ${r.p99Met ? 'met' : 'missed'}`;
  return {
    id: 2,
    title: 'Cheap calls: requests per second and p99 latency vs a bare Fastify hello-world',
    goal: `each at least 0.5 of the hello-world's requests/s; p99 under ${P99_GOAL_MS} ms at ${FIXED_RATE.toLocaleString('en-US')} requests/s`,
    result:
      `hello-world ${Math.round(helloRps)} req/s; lowest ratio ${roundDown(worstRatio.ratio)} (${worstRatio.name}), highest ${roundDown(Math.max(...goalRows.map((r) => r.ratio)))}; ` +
      `p99 at ${FIXED_RATE}/s from ${round(Math.min(...goalRows.map((r) => r.p99)), 2)} to ${round(worstP99.p99, 2)} ms (${worstP99.name}); hello-world's ${round(rows[0].p99, 2)} ms`,
    met: goalRows.every((r) => r.ratioMet && r.p99Met),
    maxRss,
    table: {
      head: [
        'call',
        'req/s saturated',
        'each round',
        'ratio to hello-world',
        'server main-thread CPU per request (µs)',
        `p50 at ${FIXED_RATE}/s (ms)`,
        `p99 at ${FIXED_RATE}/s (ms, median of rounds)`,
        'p99 each round',
        'max (ms)',
        'lowest achieved rate',
        'generator lag p99 / max (ms, worst round)',
        'goal',
      ],
      rows: rows.map((r) => [
        `${r.name} \`${r.path}\``,
        Math.round(r.rps),
        r.perRound.map((v) => Math.round(v)).join(' / '),
        roundDown(r.ratio),
        round(r.cpuPerRequest, 1),
        round(r.p50, 2),
        round(r.p99, 2),
        r.p99Rounds.map((v) => round(v, 2)).join(' / '),
        round(r.max, 1),
        Math.round(r.achieved),
        `${round(r.lag, 1)} / ${round(r.lagMax, 1)}`,
        verdict(r),
      ]),
    },
    notes,
    method: [
      'The service as in figure 1; the reference is `bench/lib/hello-server.mjs`, a bare Fastify app (the same Fastify package, no plugins, no logger) answering `{"hello":"world"}`, in its own process. Two rows without a goal help read the gap: the same hello-world with only the service\'s security-header plugin registered (its own `registerSecurityHeaders`, loaded from `server/src/http/headers.ts`), and the service\'s `/healthz`, whose handler does nothing, so it costs what every request costs in the service. Portal calls carry the cookies a signed-in browser sends (session, its `sec-token`, `user_locale=en_US`), the app\'s X-Requested-With and Accept headers, and the Accept-Encoding Chromium sends (`gzip, deflate, br, zstd`), so the record and the bundle come brotli-compressed as a browser gets them (the language list, under 1 KB, is sent as it is).',
      `Saturation: autocannon, ${CONNECTIONS} connections, ${seconds} s per call per round; requests/s = 2xx answers / duration (any other answer stops the benchmark); the ratio is against the hello-world's requests/s over the same rounds. CPU per request: the answering process's main-thread CPU time (/proc/<pid>/task/<pid>/stat, 1/100 s ticks) over the saturation runs, divided by the 2xx answers.`,
      `Latency: \`fixedRate\` in \`bench/lib/http.mjs\`, an open-loop generator in a thread of its own (so the benchmark process's garbage collections do not stall it) that starts ${FIXED_RATE.toLocaleString('en-US')} requests/s on a fixed schedule whatever the answers (keep-alive connections opened as needed), ${rateSeconds} s per call per round; latency runs from the scheduled start to the last byte, so queueing and stalls count in full. The figure is the median over the rounds of each round's p99, every round's p99 is listed. "Generator lag" is the p99 and the maximum of the generator's own event-loop delay during the run: latency it may have added itself, e.g. when the shared machine did not schedule it.`,
      `${rounds} rounds; in each, every call in turn at saturation and then every call in turn at the fixed rate, after an untimed 1 s warm-up per call. The load generator runs on the same ${cpus().length}-core machine.`,
    ],
    data: { rows, helloRps, connections: CONNECTIONS, rate: FIXED_RATE },
  };
}
