/**
 * Figure 16: the service's CPU per sign-in, a passkey's beside a password's, from browsers the accounts trust, in
 * alternating rounds on one service: sign-ins per core-second of each. The passkeys are a software authenticator's
 * (server/test/soft-authenticator.ts: P-256, `none` attestation), made through the service's own registration calls.
 */
import { tsImport } from 'tsx/esm/api';
import { APP_HEADERS, agent, headCookie, request, signInSequence } from '../lib/http.mjs';
import { median, round, sum } from '../lib/stats.mjs';
import { closedLoop, signInLoad } from './signin-throughput.mjs';

export const GOAL = 10;
const PASSKEYS = { options: '/sdportal/rest/passkeys/registration/options', made: '/sdportal/rest/passkeys' };
const SIGN_IN = { options: '/sdportal/rest/passkeys/sign-in/options', assertion: '/sdportal/rest/passkeys/sign-in' };

/** A password sign-in from a new browser, then a passkey made in that session: the user, their device and key. */
export async function enrol(url, userId, password, SoftCredential) {
  const browser = agent(1);
  const signedIn = await signInSequence(url, browser, userId, password);
  const token = /sec-token=([^;]*)/.exec(signedIn.cookie)[1];
  const headers = {
    ...APP_HEADERS,
    cookie: signedIn.cookie,
    'x-xsrf-token': token,
    'content-type': 'application/json',
  };
  const options = await request(url, { method: 'POST', path: PASSKEYS.options, headers, body: '{}', agent: browser });
  if (options.status !== 200) throw new Error(`registration options answered ${options.status}: ${options.body}`);
  const creation = JSON.parse(options.body);
  // The relying party is the public origin's host (PUBLIC_ORIGIN, http://localhost:<port> as the benchmark runs it).
  const credential = new SoftCredential(creation.user.id, `http://localhost:${new URL(url).port}`, 'localhost');
  const body = JSON.stringify({ response: credential.register(creation), name: 'Benchmark key' });
  const made = await request(url, { method: 'POST', path: PASSKEYS.made, headers, body, agent: browser });
  if (made.status !== 201) throw new Error(`the passkey was not made (${made.status}): ${made.body}`);
  return { userId, device: signedIn.device, credential };
}

/**
 * The sign-in page's passkey path: the pre-step, the options (a cookie binds them), the assertion. `send(step, call)`
 * makes a call and answers `{ status, body, cookie(name) }`; the assertion's answer is the sequence's.
 */
export async function passkeySequence(send, { device, credential }) {
  const logout = await send('logout', { path: '/sdportal/logout', headers: APP_HEADERS });
  const token = logout.cookie('sec-token');
  const cookie = `sec-token=${token}; portal-device=${device}`;
  const headers = { ...APP_HEADERS, 'x-xsrf-token': token, 'content-type': 'application/json' };
  const options = await send('options', {
    method: 'POST',
    path: SIGN_IN.options,
    headers: { ...headers, cookie },
    body: '{}',
  });
  const assertion = credential.assert(JSON.parse(options.body.toString('utf8')));
  return send('sign-in', {
    method: 'POST',
    path: SIGN_IN.assertion,
    headers: { ...headers, cookie: `${cookie}; passkey-attempt=${options.cookie('passkey-attempt')}` },
    body: JSON.stringify({ response: assertion }),
  });
}

function passkeyLoad(server, seconds, nextUser) {
  return closedLoop(server, seconds, (timed) =>
    passkeySequence(async (step, call) => {
      const answer = await timed(step, call);
      return { ...answer, cookie: (name) => headCookie(answer.head, name) };
    }, nextUser()),
  );
}

/** The software authenticator of the API tests, loaded through tsx: the benchmark itself runs as plain JavaScript. */
export const softCredentials = async () =>
  (await tsImport('../../server/test/soft-authenticator.ts', import.meta.url)).SoftCredential;

const checked = (kind, load) => {
  if (load.errors || load.refused || Object.keys(load.other).length)
    throw new Error(
      `${kind} sign-ins failed: refused ${load.refused}, ${JSON.stringify(load.other)}, errors ${load.errors}`,
    );
  return load;
};
const cpuPerSignIn = (load) => (load.cpu.serverMain + load.cpu.serverOthers) / load.signIns;

export async function passkeyCpuFigure({ portal, seed, users, rounds, seconds }) {
  const SoftCredential = await softCredentials();
  const enrolled = [];
  for (const userId of users) enrolled.push(await enrol(portal.url, userId, seed.password, SoftCredential));
  const devices = new Map(enrolled.map((u) => [u.userId, u.device]));
  let next = 0;
  const nextUser = () => enrolled[next++ % enrolled.length];
  const passkey = async () => checked('passkey', await passkeyLoad(portal, seconds, nextUser));
  const password = async () =>
    checked(
      'password',
      await signInLoad(
        portal,
        seed,
        seconds,
        () => nextUser().userId,
        (u) => devices.get(u),
      ),
    );
  await passkey();
  await password();
  const rows = [];
  for (let r = 0; r < rounds; r += 1) {
    const [first, second] = r % 2 === 0 ? [passkey, password] : [password, passkey];
    const a = await first();
    const b = await second();
    const [pk, pw] = r % 2 === 0 ? [a, b] : [b, a];
    rows.push({ round: r + 1, passkey: pk, password: pw, ratio: cpuPerSignIn(pw) / cpuPerSignIn(pk) });
  }
  return describe(rows, { users: enrolled.length, rounds, seconds });
}

function describe(rows, { users, rounds, seconds }) {
  const total = (kind, key) => sum(rows.map((r) => r[kind].cpu[key]));
  const signIns = (kind) => sum(rows.map((r) => r[kind].signIns));
  const perSignIn = (kind, key) => (1e6 * total(kind, key)) / signIns(kind);
  const perCoreSecond = (kind) => signIns(kind) / (total(kind, 'serverMain') + total(kind, 'serverOthers'));
  const ratio = median(rows.map((r) => r.ratio));
  const us = (v) => Math.round(v).toLocaleString('en-US');
  return {
    id: 16,
    title: 'Passkey sign-ins per core-second of the service beside password sign-ins',
    goal: `a passkey sign-in at least ${GOAL}x a password sign-in per core-second of the service`,
    result: `ratio ${round(ratio, 2)} (median of ${rounds} rounds); ${round(perCoreSecond('passkey'), 0)} passkey sign-ins per core-second against ${round(perCoreSecond('password'), 0)} with a password; the service's main thread ${us(perSignIn('passkey', 'serverMain'))} µs a passkey sign-in, ${us(perSignIn('password', 'serverMain'))} µs a password one`,
    met: ratio >= GOAL,
    table: {
      head: [
        'round',
        'passkey: sign-ins/s',
        'passkey: CPU µs a sign-in (main + other threads)',
        'password: sign-ins/s',
        'password: CPU µs a sign-in (main + other threads)',
        'ratio',
      ],
      rows: rows.map((r) => [
        r.round,
        round(r.passkey.signIns / r.passkey.seconds, 1),
        `${us(1e6 * cpuPerSignIn(r.passkey))} (${us((1e6 * r.passkey.cpu.serverMain) / r.passkey.signIns)} + ${us((1e6 * r.passkey.cpu.serverOthers) / r.passkey.signIns)})`,
        round(r.password.signIns / r.password.seconds, 1),
        `${us(1e6 * cpuPerSignIn(r.password))} (${us((1e6 * r.password.cpu.serverMain) / r.password.signIns)} + ${us((1e6 * r.password.cpu.serverOthers) / r.password.signIns)})`,
        round(r.ratio, 2),
      ]),
    },
    method: [
      `The service: the built \`node server/start.cjs\` on SQLite with figure 1's seeded users (throttling off, \`PASSKEY_OPTIONS_PER_MINUTE=0\`, \`MAX_SESSIONS_PER_USER=0\`: one user signs in many times, and with the cap each sign-in beyond it would also end the oldest session).`,
      `${users} users each signed in once with the password from a new browser and made a passkey in that session through the service's registration calls, with a software authenticator (\`server/test/soft-authenticator.ts\`: a P-256 key, \`none\` attestation, user present and verified); the browser keeps the device cookie that sign-in set, so every timed sign-in is from a browser its account trusts.`,
      `A passkey sign-in is the sign-in page's three calls: the logout pre-step (the \`sec-token\` cookie), the options (\`POST ${SIGN_IN.options}\`, bound to the browser by the \`passkey-attempt\` cookie) and the assertion (\`POST ${SIGN_IN.assertion}\`, signed by the load generator). A password sign-in is figure 1's three calls with the same device cookie. Both run on figure 1's 16 kept-alive connections, the users taken in turn.`,
      `${rounds} rounds of ${seconds} s of each, which goes first alternating, after an untimed round of each. CPU is the service's, main thread and other threads (argon2's pool, V8's helpers, the mail thread) together, from /proc; a core-second is one core busy for one second. The ratio is a password sign-in's CPU over a passkey sign-in's; the figure is the median of the rounds'.`,
    ],
  };
}
