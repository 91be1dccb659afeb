/**
 * Figure 6: does the cost of a call grow with the number of users or sessions? The same service on a database of
 * 1,000 users and 1,000 live sessions and on one of 1,000,000 of each, measured side by side in the same run:
 * sign-in p50 (one client, the whole sequence, a different user each time), the login-info lookup p50, and the
 * session ping's p99 at a fixed 500 requests per second over random live sessions, in a window long enough to
 * include the sweep of expired sessions every instance runs once a minute.
 */
import { agent, APP_HEADERS, fixedRate, request, signInSequence } from '../lib/http.mjs';
import { memoryOf, withRssSampling } from '../lib/servers.mjs';
import { median, percentile, round } from '../lib/stats.mjs';

export const PING_RATE = 500;
const GOAL_RATIO = 1.2;

const pickRandom = (list) => list[Math.floor(Math.random() * list.length)];

/** Send-login and whole-sequence times of one sign-in of a random user. */
async function oneSignIn(server, seed, useAgent) {
  const run = await signInSequence(server.url, useAgent, pickRandom(seed.sampleUsers), seed.password);
  return { send: run.sendMs, total: run.totalMs };
}

async function oneLookup(server, seed, useAgent) {
  const answer = await request(server.url, {
    path: `/sdportal/rest/login/info?username=${pickRandom(seed.sampleUsers)}`,
    headers: APP_HEADERS,
    agent: useAgent,
  });
  if (answer.status !== 200) throw new Error(`login info answered ${answer.status}`);
  return answer.ms;
}

async function pingWindow(server, seed, seconds) {
  const run = await fixedRate(server.url, {
    rate: PING_RATE,
    seconds,
    // Each ping is for one of the sample sessions, picked at random.
    requests: seed.sampleSessions.map((session) => ({
      path: '/sdportal/rest/sessionExpire/pingPortal.json',
      headers: {
        ...APP_HEADERS,
        cookie: `portal-session=${session.id}; sec-token=${session.token}; user_locale=en_US`,
      },
    })),
  });
  if (run.errors || run.unexpected)
    throw new Error(
      `ping on ${server.name}: ${run.errors} errors, ${run.unexpected} answers other than 200 (last ${run.lastStatus}): are the seeded sessions still live?`,
    );
  return run;
}

export async function scaleFigure({ small, large, control, signIns, lookups, pingSeconds }) {
  const servers = [small, large];
  const agents = new Map(servers.map(({ server }) => [server.name, agent(1)]));
  const results = new Map(servers.map(({ server }) => [server.name, { send: [], total: [], info: [] }]));
  // Warm-up, untimed.
  for (const { server, seed } of servers) {
    for (let i = 0; i < 5; i += 1) await oneSignIn(server, seed, agents.get(server.name));
    for (let i = 0; i < 50; i += 1) await oneLookup(server, seed, agents.get(server.name));
  }
  // One client, alternating between the two databases call by call (which goes first alternates too), so both see
  // the same moments of a shared machine and never compete with each other.
  const alternate = async (count, one) => {
    for (let i = 0; i < count; i += 1) {
      for (const { server, seed } of i % 2 ? [...servers].reverse() : servers)
        await one(server, seed, results.get(server.name));
    }
  };
  await alternate(signIns, async (server, seed, result) => {
    const t = await oneSignIn(server, seed, agents.get(server.name));
    result.send.push(t.send);
    result.total.push(t.total);
  });
  await alternate(lookups, async (server, seed, result) => {
    result.info.push(await oneLookup(server, seed, agents.get(server.name)));
  });
  for (const a of agents.values()) a.destroy();
  // One ping window per database, both at once (each instance sweeps expired sessions every 60 s after its start),
  // and the same rate to a bare hello-world in the same window: the floor this machine allowed meanwhile.
  let floor = null;
  await Promise.all([
    ...servers.map(async ({ server, seed }) => {
      const result = results.get(server.name);
      result.idleRss = memoryOf(server.pid).rss;
      const { result: run, maxRss } = await withRssSampling(server.pid, () => pingWindow(server, seed, pingSeconds));
      result.loadRss = maxRss;
      result.ping = run;
    }),
    (async () => {
      floor = control
        ? await fixedRate(control.url, {
            rate: PING_RATE,
            seconds: pingSeconds,
            requests: [{ path: '/', headers: {} }],
          })
        : null;
    })(),
  ]);
  const summary = (name) => {
    const r = results.get(name);
    return {
      sendP50: median(r.send),
      totalP50: median(r.total),
      infoP50: median(r.info),
      pingP50: percentile(r.ping.latencies, 50),
      pingP99: percentile(r.ping.latencies, 99),
      pingP999: percentile(r.ping.latencies, 99.9),
      pingMax: percentile(r.ping.latencies, 100),
      pingRate: r.ping.achievedRate,
      pingCount: r.ping.latencies.length,
      lag: r.ping.generatorLagP99,
      lagMax: r.ping.generatorLagMax,
      signIns: r.send.length,
      lookups: r.info.length,
      idleRss: r.idleRss,
      loadRss: r.loadRss,
    };
  };
  const s = summary(small.server.name);
  const l = summary(large.server.name);
  const signInRatio = l.sendP50 / s.sendP50;
  const pingRatio = l.pingP99 / s.pingP99;
  const infoRatio = l.infoP50 / s.infoP50;
  const n = (x) => x.toLocaleString('en-US');
  const row = (label, a, b, digits = 2) => [label, round(a, digits), round(b, digits), round(b / a, 3)];
  return {
    id: 6,
    title: `Cost with ${n(small.seed.users)} vs ${n(large.seed.users)} users and live sessions`,
    goal: `sign-in p50 and ping p99 with ${n(large.seed.users)} users / sessions at most ${GOAL_RATIO}x their value with ${n(small.seed.users)} (does not grow, allowing for noise)`,
    result: `sign-in p50 ${round(s.sendP50, 1)} ms vs ${round(l.sendP50, 1)} ms (ratio ${round(signInRatio, 3)}); ping p99 at ${PING_RATE}/s ${round(s.pingP99, 2)} ms vs ${round(l.pingP99, 2)} ms (ratio ${round(pingRatio, 3)}; p50 ratio ${round(l.pingP50 / s.pingP50, 3)}); the once-a-minute session sweep ${round(median(small.seed.sweepMs), 2)} ms vs ${round(median(large.seed.sweepMs), 2)} ms`,
    met: signInRatio <= GOAL_RATIO && pingRatio <= GOAL_RATIO,
    table: {
      head: [
        'measure',
        `${n(small.seed.users)} users and sessions`,
        `${n(large.seed.users)} users and sessions`,
        'ratio',
      ],
      rows: [
        row(`send-login p50, ms (${s.signIns} sign-ins each, one client)`, s.sendP50, l.sendP50),
        row('whole sign-in sequence p50, ms (logout pre-step + login info + send-login)', s.totalP50, l.totalP50),
        row(
          `login-info lookup p50, ms (${s.lookups} lookups each: the user lookup without argon2)`,
          s.infoP50,
          l.infoP50,
          3,
        ),
        row(`ping p50 at ${PING_RATE}/s, ms`, s.pingP50, l.pingP50),
        row(`ping p99 at ${PING_RATE}/s, ms (${n(s.pingCount)} pings over ${pingSeconds} s)`, s.pingP99, l.pingP99),
        row(`ping p99.9 at ${PING_RATE}/s, ms`, s.pingP999, l.pingP999),
        row(`ping max at ${PING_RATE}/s, ms`, s.pingMax, l.pingMax),
        ...(floor
          ? [
              [
                `control: a bare Fastify hello-world at ${PING_RATE}/s in the same window, p50 / p99 / max, ms (the machine's floor meanwhile)`,
                `${round(percentile(floor.latencies, 50), 2)} / ${round(percentile(floor.latencies, 99), 2)} / ${round(percentile(floor.latencies, 100), 1)}`,
                '',
                '',
              ],
            ]
          : []),
        row("load generator's own event-loop delay p99 during the ping window, ms (noise indicator)", s.lag, l.lag),
        row(
          "load generator's own event-loop delay max during the ping window, ms (noise indicator)",
          s.lagMax,
          l.lagMax,
        ),
        row(
          "sweep of expired sessions, ms (the service's SessionStore.deleteExpired, median of 3, nothing to delete)",
          median(small.seed.sweepMs),
          median(large.seed.sweepMs),
        ),
        row('time from start to ready, s', small.server.readySeconds, large.server.readySeconds),
        row('resident memory idle, MiB', s.idleRss / 2 ** 20, l.idleRss / 2 ** 20, 0),
        row('resident memory during the ping window (highest), MiB', s.loadRss / 2 ** 20, l.loadRss / 2 ** 20, 0),
      ],
    },
    notes: [
      `The sweep of expired sessions took ${round(median(large.seed.sweepMs) / median(small.seed.sweepMs), 2)} times as long with ${n(large.seed.sessions)} sessions as with ${n(small.seed.sessions)} (${round(median(small.seed.sweepMs), 2)} ms vs ${round(median(large.seed.sweepMs), 2)} ms, with nothing to delete); every instance runs it once a minute, and better-sqlite3 runs it on the service's main thread, where requests wait for it.`,
      ...(floor
        ? [`The control hello-world's p99 in the same window was ${round(percentile(floor.latencies, 99), 2)} ms.`]
        : []),
    ],
    method: [
      `Two databases made by \`bench/lib/seed-database.ts\`: the service's own bootstrap (migrations, catalogue), then users and live sessions written in bulk in one transaction straight into the migrated SQLite file, row for row as createAccount and SessionManager.start write them (one argon2id hash from the service's \`hashSecret\`, ldapIds from its identity key, session IDs of 256 random bits stored as the service's SHA-256 hash). ${n(small.seed.users)} of each took ${round(small.seed.seconds, 1)} s, ${n(large.seed.users)} of each ${round(large.seed.seconds, 1)} s. Every session is live for the whole run (SESSION_IDLE_SECONDS=3600 on both instances and in the seeder).`,
      `Both instances run at once (the service as in figure 1). Sign-in and login info are measured by one client that alternates between the two databases call by call, so both see the same moments of a shared machine and never compete with each other. Sign-in: the whole §7 sequence, ${signIns} sign-ins per database, each of a user picked at random from ${n(small.seed.sampleUsers.length)} (small) or ${n(large.seed.sampleUsers.length)} (large) spread over the table; p50 of send-login's answer time. Login info: ${lookups} lookups per database of random users.`,
      `Ping: \`fixedRate\` (open loop, as in figure 2) at ${PING_RATE.toLocaleString('en-US')}/s for ${pingSeconds} s on each database at the same time, each ping with a random one of ${n(small.seed.sampleSessions.length)} (small) or ${n(large.seed.sampleSessions.length)} (large) live sessions spread over the table (with the \`sec-token\` the service issues for that session), after the sign-ins. A ${pingSeconds} s window ${pingSeconds > 60 ? 'includes' : 'may not include'} one run of the sweep each instance makes every 60 s (\`SessionStore.deleteExpired\` from main.ts). The rate is below the ping's saturation on this machine (figure 2), so the comparison shows cost rather than queueing. A bare Fastify hello-world gets the same rate in the same window, as a control: its latencies are what the shared machine allowed meanwhile.`,
      `The sweep's own time is measured by the seeder with the service's \`SessionStore.deleteExpired\` on the filled file, 3 times. Memory: VmRSS from /proc, idle before the ping window and the highest 100-ms sample during it.`,
      `Goal check: a ratio (${n(large.seed.users)} / ${n(small.seed.users)}) of at most ${GOAL_RATIO} for sign-in p50 and ping p99 counts as not growing; the allowance is for a noisy machine.`,
    ],
    data: {
      floor: floor && { p50: percentile(floor.latencies, 50), p99: percentile(floor.latencies, 99) },
      small: s,
      large: l,
      signInRatio,
      pingRatio,
      infoRatio,
      seeds: {
        small: { users: small.seed.users, seconds: small.seed.seconds },
        large: { users: large.seed.users, seconds: large.seed.seconds },
      },
    },
  };
}
