/**
 * Figure 7: how long a refused sign-in takes, by what the account is (security checklist 2, timing-enumeration
 * method): an unknown user ID, an active user, a locked one, an inactive one, an active one with a recovery under
 * way (all from unknown devices), two users imported with the old directory's hashes (bcrypt cost 7 and {SSHA}),
 * not yet re-hashed, and from a trusted device of its account (docs/decisions.md, "Device trust"): a wrong password
 * from the user's own browser, and the right one from a browser whose six tries are used. Samples of the nine are
 * interleaved in a new random order each round, on one keep-alive connection, after a
 * warm-up; only send-login is timed (the pre-step and the login-info lookup are not).
 */
import SQLite from 'better-sqlite3';
import bcrypt from 'bcryptjs';
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_HEADERS, agent, cookieValue, request, signInSequence } from '../lib/http.mjs';
import { PORTAL_SECRET, root } from '../lib/servers.mjs';
import { median, percentile, round } from '../lib/stats.mjs';

const WRONG = 'Not-The-Password-1';
const DEMO_PASSWORD = 'Portal-Demo-2026';
/** The demo users `npm start` creates (server/src/account/demo-users.ts), and one that does not exist. */
const KINDS = [
  { kind: 'unknown user ID', userId: 'nobody-bench', password: WRONG },
  { kind: 'active user, wrong password (unknown device)', userId: 'demoexpired', password: WRONG, reset: true },
  { kind: 'locked user, right password', userId: 'demolocked', password: DEMO_PASSWORD },
  { kind: 'inactive user, right password', userId: 'demoinactive', password: DEMO_PASSWORD },
  { kind: 'recovery under way, wrong password', userId: 'demopass', password: WRONG, reset: true },
  { kind: 'imported bcrypt (cost 7), wrong password', userId: 'importedbcrypt', password: WRONG, clear: true },
  { kind: 'imported {SSHA}, wrong password', userId: 'importedssha', password: WRONG, clear: true },
  { kind: 'trusted device, wrong password', userId: 'demopass', password: WRONG, reset: true, device: 'own' },
  { kind: 'locked trusted device, right password', userId: 'demopass', password: DEMO_PASSWORD, device: 'locked' },
];

/**
 * Imports the two users as an administrator does (`npm run portal -- users import`), into the running demo service's
 * database; a try on skerrymoor's page then checks one hash of each of that cobrand's cost classes.
 */
function importOldDirectoryUsers(dataDir) {
  const salt = randomBytes(8);
  const ssha = Buffer.concat([createHash('sha1').update(DEMO_PASSWORD).update(salt).digest(), salt]);
  const lines = [
    { userId: 'importedbcrypt', passwordHash: bcrypt.hashSync(DEMO_PASSWORD, 7) },
    { userId: 'importedssha', passwordHash: `{SSHA}${ssha.toString('base64')}` },
  ].map((user) => JSON.stringify({ ...user, email: `${user.userId}@example.com`, cobrand: 'skerrymoor' }));
  const file = join(dataDir, 'old-directory.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const run = spawnSync(process.execPath, ['scripts/portal.mjs', 'users', 'import', '--file', file], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORTAL_SECRET, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  if (!run.stdout.includes('Imported 2 users')) throw new Error(`users import: ${run.stdout}${run.stderr}`);
}

/**
 * An imported user's wrong tries are cleared in the database between rounds (untimed): a right password would
 * re-hash the user to argon2id, and six wrong ones would lock it.
 */
const clearFailures = (dataDir) => {
  const database = new SQLite(join(dataDir, 'portal.sqlite'));
  try {
    database.prepare("update account set failed_attempts = 0 where user_id_key like 'imported%'").run();
  } finally {
    database.close();
  }
};

async function token(base, useAgent) {
  const logout = await request(base, { path: '/sdportal/logout', headers: APP_HEADERS, agent: useAgent });
  return cookieValue(logout.headers['set-cookie'], 'sec-token');
}

/** One refused send-login, timed alone; answers its time and status. */
async function refusedTry(base, useAgent, { userId, password }, device) {
  const csrf = await token(base, useAgent);
  const headers = {
    ...APP_HEADERS,
    cookie: device ? `sec-token=${csrf}; portal-device=${device}` : `sec-token=${csrf}`,
  };
  const info = await request(base, { path: `/sdportal/rest/login/info?username=${userId}`, headers, agent: useAgent });
  const send = await request(base, {
    method: 'POST',
    path: '/pkmslogin.form',
    agent: useAgent,
    headers: { ...headers, 'x-xsrf-token': csrf, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      username: JSON.parse(info.body).ldapId,
      'login-form-type': 'password',
      password,
      // The sign-in page sends its cobrand: a try does the work of that cobrand's imported hashes.
      cobrandHost: 'skerrymoor',
    }).toString(),
  });
  return { ms: send.ms, status: send.status };
}

/** demopass asks for a temporary password, which then stays pending while the figure runs. */
async function startRecovery(base, useAgent) {
  const csrf = await token(base, useAgent);
  const headers = {
    ...APP_HEADERS,
    cookie: `sec-token=${csrf}`,
    'x-xsrf-token': csrf,
    'content-type': 'application/json',
  };
  const question = await request(base, {
    method: 'POST',
    path: '/cpae/public/users/securityquestions',
    headers,
    agent: useAgent,
    body: '"demopass"',
  });
  const { questionId } = JSON.parse(question.body);
  const answer = await request(base, {
    method: 'POST',
    path: '/cpae/public/users/temporarypasswords',
    headers,
    agent: useAgent,
    body: JSON.stringify({
      userId: 'demopass',
      locale: 'en_US',
      cobrandName: 'skerrymoor',
      securityQuestionSTO: { questionId, questionResponse: 'harbor' },
    }),
  });
  if (answer.status !== 200) throw new Error(`the recovery request answered ${answer.status}`);
}

const shuffled = (items) =>
  items
    .map((item) => [Math.random(), item])
    .sort((a, b) => a[0] - b[0])
    .map(([, item]) => item);

/** demopass's own browser (a trusted device), and another of its browsers locked by six wrong tries of its own. */
async function trustedDevices(base, useAgent) {
  const own = (await signInSequence(base, useAgent, 'demopass', DEMO_PASSWORD)).device;
  const locked = (await signInSequence(base, useAgent, 'demopass', DEMO_PASSWORD)).device;
  for (let i = 0; i < 6; i += 1) await refusedTry(base, useAgent, { userId: 'demopass', password: WRONG }, locked);
  if ((await refusedTry(base, useAgent, { userId: 'demopass', password: DEMO_PASSWORD }, locked)).status !== 401)
    throw new Error('the locked trusted device was not refused');
  return { own, locked };
}

export async function refusalTiming({ server, samples, warmUp }) {
  const useAgent = agent(1);
  importOldDirectoryUsers(server.dataDir);
  const devices = await trustedDevices(server.url, useAgent);
  await startRecovery(server.url, useAgent);
  const times = new Map(KINDS.map((k) => [k.kind, []]));
  const statuses = new Set();
  for (let round = 0; round < warmUp + samples; round += 1) {
    for (const entry of shuffled(KINDS)) {
      const { ms, status } = await refusedTry(server.url, useAgent, entry, devices[entry.device]);
      statuses.add(status);
      if (round >= warmUp) times.get(entry.kind).push(ms);
      // A right password clears the count, so the active users never reach the lock (untimed). demopass signs in
      // from its own browser, which clears its device's count and the account's, and adds no device.
      const own = entry.userId === 'demopass' ? { device: devices.own } : {};
      if (entry.reset) await signInSequence(server.url, useAgent, entry.userId, DEMO_PASSWORD, own);
    }
    clearFailures(server.dataDir);
  }
  const reference = median(times.get(KINDS[0].kind));
  const rows = KINDS.map(({ kind }) => {
    const values = times.get(kind);
    return [kind, round(median(values), 2), round(percentile(values, 90), 2), round(median(values) / reference, 3)];
  });
  const ratios = rows.map((r) => r[3]);
  const spread = Math.max(...ratios) - Math.min(...ratios);
  const met = ratios.every((r) => r >= 0.95 && r <= 1.05);
  return {
    id: 7,
    title: 'Refused sign-ins take the same time whatever the account',
    goal: "the median time of each kind within 5 % of the unknown user ID's (ratios 0.95 to 1.05)",
    result: `ratios ${ratios.join(' / ')} (unknown / active / locked / inactive / recovery under way / imported bcrypt / imported {SSHA} / trusted device / locked trusted device); widest gap ${round(100 * spread, 1)} %`,
    met,
    table: { head: ['refused sign-in', 'median (ms)', 'p90 (ms)', 'median / unknown user ID'], rows },
    notes:
      statuses.size === 1 && statuses.has(401) ? [] : [`answers other than 401 were seen: ${[...statuses].join(', ')}`],
    method: [
      `The built service with its demo users, on SQLite; demopass first asks for a temporary password (right security answer), which stays pending throughout.`,
      'Two users are imported with `npm run portal -- users import` first, with a bcrypt (cost 7, the import ceiling) and an {SSHA} hash of the demo password, in skerrymoor, and every try is sent from the skerrymoor page (`cobrandHost`, as the sign-in page sends it); their failed tries are set back to nought between rounds in the database (untimed), since a right password would re-hash them.',
      'Before it, demopass signs in from two browsers, each a trusted device of the account; the second then gets six wrong passwords of its own, which lock that device alone.',
      `${samples} samples of each kind after ${warmUp} rounds of warm-up, the nine interleaved in a new random order each round, one request at a time on one keep-alive connection.`,
      'Only send-login is timed, from the request to the last byte of its answer; the logout pre-step and the login-info lookup before it are not. After each try on an active user, an untimed sign-in with the right password clears its count, so it never locks (demopass signs in from its own browser, which adds no device).',
      '`server/src/signin/signin-equal-work.test.ts` counts the argon2 work of each path (one verify, no hash); this figure measures the time that work takes.',
    ],
  };
}
