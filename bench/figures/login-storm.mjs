/**
 * Figure 9: the login storm. Open-loop arrivals of whole sign-in sequences (each a new browser on a new connection,
 * for a distinct user, running §7's three calls; latency from the scheduled arrival; a browser gives up after 30 s) at
 * 0.5x, 1x, 2x and 3x the capacity measured in the same run, while a page's files are fetched beside them; then how
 * soon a single sign-in is fast again once the storm stops.
 */
import { APP_HEADERS, agent, headCookie, rawConnection, request } from '../lib/http.mjs';
import { percentile, round } from '../lib/stats.mjs';
import { cpuOf } from '../lib/servers.mjs';
import { signInLoad } from './signin-throughput.mjs';

const MULTIPLES = [0.5, 1, 2, 3];
const GIVE_UP_MS = 30_000;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One browser's sign-in: answers its outcome (200, 503, another status, or 'gave up') and when it ended. */
async function browserSignIn(base, user, password, scheduledAt) {
  const connection = rawConnection(base);
  const giveUp = setTimeout(() => connection.close(), Math.max(0, scheduledAt + GIVE_UP_MS - performance.now()));
  try {
    const logout = await connection.request({ path: '/sdportal/logout', headers: APP_HEADERS });
    const token = headCookie(logout.head, 'sec-token');
    const cookie = `sec-token=${token}`;
    const info = await connection.request({
      path: `/sdportal/rest/login/info?username=${encodeURIComponent(user)}`,
      headers: { ...APP_HEADERS, cookie },
    });
    const ldapId = info.status === 200 ? JSON.parse(info.body.toString('utf8')).ldapId : '';
    const send = await connection.request({
      method: 'POST',
      path: '/pkmslogin.form',
      headers: { ...APP_HEADERS, cookie, 'x-xsrf-token': token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: ldapId, 'login-form-type': 'password', password }).toString(),
    });
    return { outcome: send.status, ms: performance.now() - scheduledAt };
  } catch {
    return { outcome: 'gave up', ms: performance.now() - scheduledAt };
  } finally {
    clearTimeout(giveUp);
    connection.close();
  }
}

/** The sign-in page's own files, fetched one after another for as long as `running()` holds; answers each time. */
async function pageFilesProbe(base, files, running) {
  const times = [];
  const probeAgent = agent(2);
  while (running()) {
    for (const path of files) {
      const answer = await request(base, { path, headers: { 'accept-encoding': 'br, gzip' }, agent: probeAgent });
      times.push(answer.status === 200 ? answer.ms : Infinity);
    }
    await pause(50);
  }
  probeAgent.destroy();
  return times;
}

/**
 * Where the machine's cores went during a step, in cores: the service's event loop (HTTP), its other threads (argon2
 * and the file system), and the load generator (this process). On two cores the three compete.
 */
function coresSpent(server, seconds, before) {
  const after = { service: cpuOf(server.pid), own: process.cpuUsage(before.own) };
  return {
    http: (after.service.main - before.service.main) / seconds,
    hashing: (after.service.others - before.service.others) / seconds,
    generator: (after.own.user + after.own.system) / 1e6 / seconds,
  };
}

/** `rate` arrivals a second for `seconds`, each a browser of its own; answers every arrival's result. */
async function openLoop(base, seed, rate, seconds, nextUser) {
  const started = performance.now();
  const count = Math.round(rate * seconds);
  const results = [];
  for (let i = 0; i < count; i += 1) {
    const scheduledAt = started + (i * 1000) / rate;
    const wait = scheduledAt - performance.now();
    if (wait > 1) await pause(wait);
    results.push(browserSignIn(base, nextUser(), seed.password, scheduledAt));
  }
  return { results: await Promise.all(results), endedAt: started + seconds * 1000 };
}

/** How long after `since` a single sign-in (the sequence, alone) took no more than `fastMs` again. */
async function recovery(base, seed, nextUser, since, fastMs) {
  for (;;) {
    const at = performance.now();
    const { outcome, ms } = await browserSignIn(base, nextUser(), seed.password, at);
    if (outcome === 200 && ms <= fastMs) return (performance.now() - since) / 1000;
    if (performance.now() - since > 60_000) return Infinity;
    await pause(100);
  }
}

function stepRow(multiple, rate, seconds, capacity, results, files, cores) {
  const ok = results.filter((r) => r.outcome === 200);
  const refused = results.filter((r) => r.outcome === 503);
  const gaveUp = results.filter((r) => r.outcome === 'gave up').length;
  const other = results.length - ok.length - refused.length - gaveUp;
  return {
    multiple,
    goodput: ok.length / seconds / capacity,
    admittedP99: percentile(
      ok.map((r) => r.ms),
      99,
    ),
    slowest: Math.max(...results.map((r) => r.ms)),
    refusedP99: refused.length
      ? percentile(
          refused.map((r) => r.ms),
          99,
        )
      : 0,
    filesP95: percentile(files, 95),
    row: [
      `${multiple}x (${round(rate, 1)}/s)`,
      results.length,
      ok.length,
      refused.length,
      gaveUp + other,
      round(ok.length / seconds / capacity, 2),
      ok.length
        ? `${round(
            percentile(
              ok.map((r) => r.ms),
              99,
            ) / 1000,
            2,
          )} s`
        : '-',
      `${round(Math.max(...results.map((r) => r.ms)) / 1000, 2)} s`,
      files.length ? `${round(percentile(files, 95), 1)} ms` : '-',
      `${round(cores.http, 2)} / ${round(cores.hashing, 2)} / ${round(cores.generator, 2)}`,
    ],
  };
}

export async function loginStormFigure({ server, seed, users, seconds, capacitySeconds, pageFiles }) {
  let next = 0;
  const nextUser = () => users[next++ % users.length];
  await signInLoad(server, seed, 3, nextUser);
  const closed = await signInLoad(server, seed, capacitySeconds, nextUser);
  const capacity = closed.signIns / closed.seconds;
  const single = await browserSignIn(server.url, nextUser(), seed.password, performance.now());
  const steps = [];
  let stoppedAt = 0;
  for (const multiple of MULTIPLES) {
    let running = true;
    const files = pageFilesProbe(server.url, pageFiles, () => running);
    const before = { service: cpuOf(server.pid), own: process.cpuUsage() };
    const stepStarted = performance.now();
    const { results, endedAt } = await openLoop(server.url, seed, capacity * multiple, seconds, nextUser);
    const cores = coresSpent(server, (performance.now() - stepStarted) / 1000, before);
    running = false;
    stoppedAt = endedAt;
    steps.push(stepRow(multiple, capacity * multiple, seconds, capacity, results, await files, cores));
    if (multiple !== MULTIPLES.at(-1)) await pause(3_000);
  }
  // Right after the 3x step: how soon a single sign-in is fast again (at most twice its idle time, 1 s at least).
  const fastMs = Math.max(1_000, 2 * single.ms);
  const recovered = await recovery(server.url, seed, nextUser, stoppedAt, fastMs);
  const storm = steps.filter((s) => s.multiple >= 2);
  const checks = {
    goodput: storm.every((s) => s.goodput >= 0.9),
    admitted: steps.every((s) => s.admittedP99 <= 3_000),
    answered: steps.every((s) => s.slowest <= 5_000),
    recovered: recovered <= 2,
    files: storm.every((s) => s.filesP95 <= 100),
  };
  return {
    id: 9,
    title: 'login storm: goodput, answers and page files at 0.5x to 3x capacity',
    goal: 'at 2x and 3x goodput ≥ 0.9 of capacity; of the sign-ins admitted 99 % within 3 s; every arrival answered (success or a fast 503) within 5 s; a single sign-in fast again within 2 s of the load stopping; the page files within 100 ms at the 95th percentile during the storm',
    result: `capacity ${round(capacity, 1)} sign-ins/s; goodput ${storm.map((s) => `${round(s.goodput, 2)} at ${s.multiple}x`).join(', ')}; slowest answer ${round(Math.max(...steps.map((s) => s.slowest)) / 1000, 2)} s; fast again ${round(recovered, 1)} s after the last arrival; page files p95 ${storm.map((s) => `${round(s.filesP95, 1)} ms`).join(', ')}`,
    met: Object.values(checks).every(Boolean),
    table: {
      head: [
        'arrivals',
        'browsers',
        'signed in',
        'refused for load (503)',
        'gave up or other',
        'goodput / capacity',
        'p99 signed in',
        'slowest answer',
        'page files p95',
        'cores: service HTTP / hashing / load generator',
      ],
      rows: steps.map((s) => s.row),
    },
    notes: [`checks: ${JSON.stringify(checks)}`],
    method: [
      `Capacity: closed-loop sign-ins (16 browsers, figure 1's load) for ${capacitySeconds} s in the same run, just before the steps.`,
      `Each step: ${seconds} s of arrivals on a fixed schedule (open loop), each a new connection running the logout pre-step, login info and send-login for a distinct user; latency from the scheduled arrival; a browser gives up (closes its connection) 30 s after it.`,
      `Meanwhile, one client fetches the sign-in page's files (${pageFiles.join(', ')}) one after another, 50 ms apart.`,
      'Fast again: right after the 3x step, one sign-in at a time until one takes at most twice its idle time (1 s at least); the time is from the last scheduled arrival.',
      'The load generator runs in the benchmark process on the same machine, which is shared: absolute times are noisy, the ratios less so.',
      "Cores: CPU seconds per second of the step, from /proc for the service's event loop (HTTP) and its other threads (argon2 and the file system), and process.cpuUsage() for the load generator.",
    ],
  };
}
