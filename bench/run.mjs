// `npm run bench`: builds if stale, starts the built service as child processes on free ports with temporary data
// folders, measures the sixteen figures of the benchmark issues, prints each with how it was measured, and writes
// docs/benchmarks.md. Options: --quick (shorter runs, 100,000 instead of 1,000,000 rows; prints only),
// --only=1,3 (those figures; prints only), --write (write docs/benchmarks.md even with --quick; with --only, put those
// figures in it in place of their earlier sections).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { bundleBytes } from './figures/bundle-bytes.mjs';
import { cheapCallsFigure } from './figures/cheap-calls.mjs';
import { databasePerSignInFigure } from './figures/database-per-sign-in.mjs';
import { formUsable } from './figures/form-usable.mjs';
import { hashCeilingsFigure } from './figures/hash-ceilings.mjs';
import { importUsersFigure } from './figures/import-users.mjs';
import { lighthouseFigure } from './figures/lighthouse.mjs';
import { loginStormFigure } from './figures/login-storm.mjs';
import { lookupsFigure } from './figures/lookups.mjs';
import { memoryFigure } from './figures/memory.mjs';
import { refusalTiming } from './figures/refusal-timing.mjs';
import { passkeyCpuFigure } from './figures/passkey-cpu.mjs';
import { passkeySignInFigure } from './figures/passkey-sign-in.mjs';
import { newDeviceSignInFigure } from './figures/new-device-sign-in.mjs';
import { scaleFigure } from './figures/scale.mjs';
import { signInLoad, signInThroughput } from './figures/signin-throughput.mjs';
import { launchChromium } from './lib/chromium.mjs';
import { agent, signInSequence } from './lib/http.mjs';
import { cpuSnapshot, describeMachine, loadAverage, othersShare } from './lib/machine.mjs';
import { COMPARISONS_HEADING, comparisonsOf } from './lib/comparisons.mjs';
import { renderFigure, renderReport, withFigures } from './lib/report.mjs';
import { seed } from './lib/seed.mjs';
import { memoryOf, root, startBareSignIn, startHello, startPortal, withRssSampling } from './lib/servers.mjs';
import { startSmtpRelay } from './lib/smtp-relay.mjs';

process.stdout.on('error', () => undefined);

const { values: options } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    write: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const only = options.only ? new Set(options.only.split(',').map((s) => Number(s.trim()))) : null;
const wanted = (id) => !only || only.has(id);
const quick = options.quick;

/** Every duration and size of a run, in one place. */
const PLAN = quick
  ? {
      mainUsers: 5_000,
      f1: { rounds: 3, seconds: 2 },
      f2: { rounds: 2, seconds: 1, rateSeconds: 1 },
      f4: { loads: 3 },
      f6: { small: 1_000, large: 100_000, signIns: 40, lookups: 200, pingSeconds: 10 },
      f7: { samples: 30, warmUp: 3 },
      f8: { runs: 2 },
      f9: { userCount: 4_000, seconds: 4, capacitySeconds: 3 },
      f10: { seeded: 100, loads: 5 },
      f11: { rounds: 5 },
      f12: { small: 1_000, large: 100_000, rounds: 10 },
      f13: { seeded: 30, loads: 5 },
      f14: { users: 5_000, runs: 1 },
      f15: { calls: 10 },
      f16: { users: 50, rounds: 3, seconds: 2 },
    }
  : {
      mainUsers: 20_000,
      f1: { rounds: 10, seconds: 3 },
      f2: { rounds: 5, seconds: 2, rateSeconds: 2 },
      f4: { loads: 10 },
      f6: { small: 1_000, large: 1_000_000, signIns: 300, lookups: 1_000, pingSeconds: 61 },
      f7: { samples: 200, warmUp: 10 },
      f8: { runs: 5 },
      f9: { userCount: 20_000, seconds: 20, capacitySeconds: 10 },
      f10: { seeded: 1_000, loads: 20 },
      f11: { rounds: 20 },
      f12: { small: 1_000, large: 1_000_000, rounds: 30 },
      f13: { seeded: 100, loads: 40 },
      f14: { users: 20_000, runs: 3 },
      f15: { calls: 50 },
      f16: { users: 200, rounds: 10, seconds: 3 },
    };

const runStarted = performance.now();
const say = (line) => console.log(line);
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

const pause = (ms) => new Promise((r) => setTimeout(r, ms));
/** How long an idle instance is left before its settled memory is read: V8 gives back the young generation that start
 * or a load grew only once the allocation rate has stayed low for a while (its memory reducer). */
const SETTLE_MS = 30_000;
const settledRss = async (pid) => {
  await pause(SETTLE_MS);
  return memoryOf(pid).rss;
};
const figures = [];
const stopAfter = [];

async function measure(id, label, work) {
  if (!wanted(id)) return null;
  say(`\n— Figure ${id}: ${label}…`);
  const loadBefore = loadAverage();
  const cpuBefore = cpuSnapshot();
  const started = performance.now();
  let figure;
  try {
    figure = await work();
  } catch (error) {
    // One figure that cannot be measured does not stop the others; the run then ends with a failure status.
    process.exitCode = 1;
    console.error(error);
    figure = {
      id,
      title: label,
      goal: 'see the figure',
      result: `not measured: ${String(error?.message ?? error).split('\n')[0]}`,
      met: false,
      failed: true,
      method: [],
    };
  }
  figure.seconds = (performance.now() - started) / 1000;
  figure.load = { before: loadBefore, after: loadAverage(), others: othersShare(cpuBefore, cpuSnapshot()) };
  figures.push(figure);
  say(renderFigure(figure, { console: true }));
  return figure;
}

const tempRoot = mkdtempSync(join(tmpdir(), 'portal-bench-'));
// Also when the run is interrupted (the children are ended by servers.mjs on the same signals).
if (!options.keep) process.on('exit', () => rmSync(tempRoot, { recursive: true, force: true }));
const runCpu = cpuSnapshot();
try {
  say(
    `Benchmarks (${quick ? 'quick run' : 'full run'}${only ? `, figures ${[...only].join(', ')}` : ''}); temporary data in ${tempRoot}`,
  );
  buildIfStale();
  const machine = describeMachine();
  machine.loadAtStart = loadAverage();
  say(
    `Machine: ${machine.nproc} cores, ${machine.cpu}, ${machine.memory}, Node ${machine.node}; load average ${machine.loadAtStart}`,
  );

  let memory = null;
  if ([1, 2, 3, 4, 5].some(wanted)) {
    const t = performance.now();
    const mainDir = join(tempRoot, 'main');
    const mainSeed = seed(mainDir, PLAN.mainUsers, 0);
    say(`Seeded ${PLAN.mainUsers.toLocaleString('en-US')} users in ${seconds(t)} s`);
    const users = Array.from({ length: PLAN.mainUsers }, (_, i) => `bench${String(i).padStart(7, '0')}`);
    const portal = await startPortal({ dataDir: mainDir, name: 'portal' });
    stopAfter.push(portal);
    const hello = await startHello();
    stopAfter.push(hello);
    const helloHeaders = wanted(2) ? await startHello({ withSecurityHeaders: true }) : null;
    if (helloHeaders) stopAfter.push(helloHeaders);
    await pause(2_000);
    memory = { idleStart: memoryOf(portal.pid).rss, mainUsers: PLAN.mainUsers };
    if (wanted(5)) memory.idleSettled = await settledRss(portal.pid);

    const f1 = await measure(1, 'sign-ins per second vs raw argon2id verifies per second', async () => {
      const floor = await startBareSignIn({ passwordHash: mainSeed.passwordHash });
      try {
        return await signInThroughput({
          server: portal,
          floor,
          seed: mainSeed,
          users: users.slice(0, -10),
          ...PLAN.f1,
        });
      } finally {
        await floor.stop();
      }
    });
    if (f1 && !f1.failed) memory.signInLoad = f1.maxRss;

    const f2 = await measure(2, 'cheap calls vs a bare Fastify hello-world', async () => {
      const { cookie } = await signInSequence(portal.url, agent(1), users.at(-1), mainSeed.password);
      return cheapCallsFigure({ portal, hello, helloHeaders, cookie, ...PLAN.f2 });
    });
    if (f2 && !f2.failed) memory.cheapLoad = f2.maxRss;

    // One Chromium for figures 3 and 4, kept open until both are done, so its CPU is counted as the benchmark's.
    const browser = wanted(3) || wanted(4) ? await launchChromium() : null;
    await measure(3, 'sign-in route bytes and locale bundles', () => bundleBytes({ portal, browser }));
    await measure(4, 'time until the sign-in form is usable, CPU slowed 4x and in round trips', () =>
      formUsable({ portal, browser, ...PLAN.f4 }),
    );
    await browser?.close();

    if (wanted(5) && !memory.signInLoad) {
      say('\nA 5 s sign-in load for figure 5…');
      let next = 0;
      memory.signInLoad = (
        await withRssSampling(portal.pid, () => signInLoad(portal, mainSeed, 5, () => users[next++ % users.length]))
      ).maxRss;
    }
    if (wanted(5) && !memory.cheapLoad) {
      say('A 5 s cheap-call load for figure 5…');
      memory.cheapLoad = (
        await withRssSampling(portal.pid, () =>
          autocannon({ url: `${portal.url}/sdportal/rest/cobrand/skerrymoor`, connections: 10, duration: 5 }),
        )
      ).maxRss;
    }
    if (wanted(5)) {
      await pause(2_000);
      memory.idleAfter = memoryOf(portal.pid).rss;
      memory.idleAfterSettled = await settledRss(portal.pid);
    }
    await helloHeaders?.stop();
    await hello.stop();
    await portal.stop();
  }

  if (wanted(6)) {
    const { small: smallCount, large: largeCount } = PLAN.f6;
    const sessionEnv = { SESSION_IDLE_SECONDS: '3600' };
    const t = performance.now();
    const smallDir = join(tempRoot, 'small');
    const smallSeed = seed(smallDir, smallCount, smallCount, sessionEnv);
    const largeDir = join(tempRoot, 'large');
    say(`\nSeeding ${largeCount.toLocaleString('en-US')} users and ${largeCount.toLocaleString('en-US')} sessions…`);
    const largeSeed = seed(largeDir, largeCount, largeCount, sessionEnv);
    say(`Seeded both databases in ${seconds(t)} s (the large one in ${largeSeed.seconds.toFixed(1)} s)`);
    const small = await startPortal({ dataDir: smallDir, name: 'small', env: sessionEnv });
    stopAfter.push(small);
    const large = await startPortal({ dataDir: largeDir, name: 'large', env: sessionEnv });
    stopAfter.push(large);
    const control = await startHello();
    stopAfter.push(control);
    const f6 = await measure(
      6,
      `cost with ${smallCount.toLocaleString('en-US')} vs ${largeCount.toLocaleString('en-US')} users and sessions`,
      () =>
        scaleFigure({
          small: { server: small, seed: smallSeed },
          large: { server: large, seed: largeSeed },
          control,
          signIns: PLAN.f6.signIns,
          lookups: PLAN.f6.lookups,
          pingSeconds: PLAN.f6.pingSeconds,
        }),
    );
    if (memory && f6 && !f6.failed)
      memory.large = {
        users: largeCount,
        smallUsers: smallCount,
        idle: f6.data.large.idleRss,
        load: f6.data.large.loadRss,
        small: f6.data.small.idleRss,
      };
    await control.stop();
    await small.stop();
    await large.stop();
  }

  if (wanted(7) || wanted(8)) {
    const demo = await startPortal({ dataDir: join(tempRoot, 'demo'), name: 'demo', env: { PORTAL_DEMO: 'true' } });
    stopAfter.push(demo);
    if (wanted(7))
      await measure(7, 'refused sign-ins by account state', () => refusalTiming({ server: demo, ...PLAN.f7 }));
    if (wanted(8))
      await measure(8, 'Lighthouse on every screen, and time until interactive', () =>
        lighthouseFigure({ portal: demo, runs: PLAN.f8.runs }),
      );
    await demo.stop();
  }

  if (wanted(9)) {
    const stormDir = join(tempRoot, 'storm');
    const stormSeed = seed(stormDir, PLAN.f9.userCount, 0);
    const storm = await startPortal({ dataDir: stormDir, name: 'storm' });
    stopAfter.push(storm);
    const built = readdirSync(join(root, 'web/dist/static'));
    const pageFiles = [/^login-signin-component-.*\.js$/, /^portal-.*\.css$/]
      .map((pattern) => `/public-portal-ui/static/${built.find((name) => pattern.test(name))}`)
      .concat(['/sdportal/cobrands/skerrymoor/logo.jpg', '/sdportal/cobrands/skerrymoor/theme.css']);
    const users = Array.from({ length: PLAN.f9.userCount }, (_, i) => `bench${String(i).padStart(7, '0')}`);
    await measure(9, 'login storm at 0.5x to 3x capacity', () =>
      loginStormFigure({ ...PLAN.f9, server: storm, seed: stormSeed, users, pageFiles }),
    );
    await storm.stop();
  }

  if (wanted(10)) {
    const passkeyDir = join(tempRoot, 'passkey');
    const passkeySeed = seed(passkeyDir, PLAN.f10.seeded, 0);
    const portal = await startPortal({ dataDir: passkeyDir, name: 'passkey' });
    stopAfter.push(portal);
    await measure(10, 'time to the signed-in page with a passkey and with a password', () =>
      passkeySignInFigure({
        portal,
        seed: passkeySeed,
        users: ['bench0000000', 'bench0000001'],
        loads: PLAN.f10.loads,
      }),
    );
    await portal.stop();
  }

  if (wanted(11))
    await measure(11, "imported password hashes at the import ceilings beside the portal's argon2id", async () =>
      hashCeilingsFigure(PLAN.f11),
    );

  if (wanted(12)) {
    const { small, large } = PLAN.f12;
    const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    await measure(
      12,
      `user lookups with ${small.toLocaleString('en-US')} vs ${large.toLocaleString('en-US')} users, SQLite and PostgreSQL`,
      async () => lookupsFigure({ ...PLAN.f12, postgresUrl: postgresUrl || null }),
    );
  }

  if (wanted(13)) {
    const dir = join(tempRoot, 'new-device');
    const deviceSeed = seed(dir, PLAN.f13.seeded, 0);
    const relay = await startSmtpRelay();
    stopAfter.push(relay);
    const env = { NEW_DEVICE_VERIFICATION: 'email', SMTP_URL: relay.url };
    const portal = await startPortal({ dataDir: dir, name: 'new-device', env });
    stopAfter.push(portal);
    const users = Array.from({ length: PLAN.f13.seeded }, (_, i) => `bench${String(i).padStart(7, '0')}`);
    await measure(13, 'a sign-in from a new browser with the mailed code, beside one from a trusted browser', () =>
      newDeviceSignInFigure({ portal, relay, seed: deviceSeed, users, loads: PLAN.f13.loads }),
    );
    await portal.stop();
    await relay.stop();
  }

  if (wanted(14)) {
    const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    await measure(
      14,
      `users import of ${PLAN.f14.users.toLocaleString('en-US')} users, SQLite and PostgreSQL`,
      async () => importUsersFigure({ ...PLAN.f14, postgresUrl: postgresUrl || null }),
    );
  }

  if (wanted(16)) {
    const dir = join(tempRoot, 'passkey-cpu');
    const users = Array.from({ length: PLAN.f16.users }, (_, i) => `bench${String(i).padStart(7, '0')}`);
    const passkeySeed = seed(dir, PLAN.f16.users, 0);
    const env = { MAX_SESSIONS_PER_USER: '0', PASSKEY_OPTIONS_PER_MINUTE: '0' };
    const portal = await startPortal({ dataDir: dir, name: 'passkey-cpu', env });
    stopAfter.push(portal);
    await measure(16, 'passkey sign-ins per core-second beside password sign-ins', () =>
      passkeyCpuFigure({ ...PLAN.f16, portal, seed: passkeySeed, users }),
    );
    await portal.stop();
  }

  if (wanted(15)) await measure(15, 'what a sign-in costs PostgreSQL', () => databasePerSignInFigure(PLAN.f15));

  if (wanted(5) && memory) {
    await measure(5, 'resident memory, idle and under load', async () => memoryFigure(memory));
  }

  figures.sort((a, b) => a.id - b.id);
  const totalSeconds = (performance.now() - runStarted) / 1000;
  machine.loadAtEnd = loadAverage();
  machine.others = othersShare(runCpu, cpuSnapshot());
  say(
    `\nAll done in ${totalSeconds.toFixed(0)} s; load average at the end ${machine.loadAtEnd}; other processes used ${(100 * machine.others).toFixed(0)} % of the machine's CPU meanwhile.`,
  );
  const full = !quick && !only;
  if (only && !quick && options.write) {
    const file = join(root, 'docs/benchmarks.md');
    const text = readFileSync(file, 'utf8');
    const at = text.indexOf(COMPARISONS_HEADING);
    const [head, tail] = at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at)];
    writeFileSync(file, [withFigures(head.trimEnd(), figures), tail.trimEnd()].filter(Boolean).join('\n\n') + '\n');
    say(`Put figures ${figures.map((f) => f.id).join(', ')} in ${file}`);
  } else if (full || options.write) {
    const file = join(root, 'docs/benchmarks.md');
    const report = renderReport({ machine, figures, totalSeconds, quick, date: new Date() });
    writeFileSync(file, [report.trimEnd(), comparisonsOf(file)].filter(Boolean).join('\n\n') + '\n');
    say(`Wrote ${file}`);
  } else {
    say('docs/benchmarks.md was left as it is (a quick or partial run; add --write to write it).');
  }
  say('\nSummary:');
  for (const f of figures)
    say(
      `  ${f.id}. ${f.title}: ${f.result} — ${f.failed ? 'NOT MEASURED' : f.met === null ? 'no goal set' : f.met ? 'goal met' : 'goal MISSED'}`,
    );
} finally {
  for (const server of stopAfter.reverse()) await server.stop().catch(() => undefined);
  if (!options.keep) rmSync(tempRoot, { recursive: true, force: true });
}
