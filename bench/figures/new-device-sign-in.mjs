/**
 * Figure 13: what new-device verification costs a legitimate user, end to end: the password from a browser the
 * account has never used (held), the code's mail through a local SMTP relay, the code read from it and sent, signed
 * in; as a ratio to a sign-in from a trusted browser measured in the same run, turn about.
 */
import { APP_HEADERS, agent, cookieValue, request } from '../lib/http.mjs';
import { median, round } from '../lib/stats.mjs';

const COBRAND = 'skerrymoor';
const CODE = /^ {4}(\d{6})$/m;
const isCode = (text) => CODE.test(text);
/** The new-device notice the service mails (through its outbox) once a new browser is trusted. */
const isNotice = (text) => !CODE.test(text);
const HELD = /^\/public-portal-ui\/device-code-component\?attempt=([^&]+)&/;
const HOME = /^\/sdportal\/platform\/home\?/;
/** Past the passkey offer (as after "Not now"), so both sign-ins go straight to the signed-in page. */
const SKIP_COOKIE = 'passkey-offer-skipped';

const cookieLine = (jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** A browser's cookies and one keep-alive connection, and its requests with the web app's headers. */
function browser(base, device) {
  const jar = new Map([[SKIP_COOKIE, '1']]);
  if (device) jar.set('portal-device', device);
  const connection = agent(1);
  const send = async ({ method = 'GET', path, body, type }) => {
    const token = jar.get('sec-token');
    const headers = { ...APP_HEADERS, cookie: cookieLine(jar) };
    if (method !== 'GET' && token) headers['x-xsrf-token'] = token;
    if (type) headers['content-type'] = type;
    const answer = await request(base, { method, path, headers, body, agent: connection });
    for (const name of ['sec-token', 'portal-session', 'portal-device']) {
      const value = cookieValue(answer.headers['set-cookie'], name);
      if (value !== undefined) jar.set(name, value);
    }
    return answer;
  };
  return { jar, send, close: () => connection.destroy() };
}

/** §7's sequence as the web app runs it: the pre-step, the user ID's lookup, the password. Answers send-login's. */
async function password(b, userId, secret) {
  await b.send({ path: '/sdportal/logout' });
  const info = await b.send({ path: `/sdportal/rest/login/info?username=${encodeURIComponent(userId)}` });
  const { ldapId } = JSON.parse(info.body);
  const form = { username: ldapId, 'login-form-type': 'password', password: secret, cobrandHost: COBRAND };
  const answer = await b.send({
    method: 'POST',
    path: '/pkmslogin.form',
    body: new URLSearchParams(form).toString(),
    type: 'application/x-www-form-urlencoded',
  });
  if (answer.status !== 200) throw new Error(`send-login answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  return answer.body;
}

/**
 * Untimed: the browser's session is a full one (GET session answers 200); then it signs out, so that no account piles
 * up sessions over the rounds.
 */
async function signedIn(b) {
  const session = await b.send({ path: '/sdportal/rest/session' });
  if (session.status !== 200) throw new Error(`the sign-in opened no session (GET session answered ${session.status})`);
  await b.send({ path: '/sdportal/logout' });
}

/** A new browser: held on the code screen, the code read from the relay and sent. Answers each part's time. */
async function newDeviceSignIn(base, relay, userId, secret) {
  const b = browser(base);
  try {
    const started = performance.now();
    const held = HELD.exec(await password(b, userId, secret));
    if (!held) throw new Error('a password sign-in from a new browser was not held for a code');
    const heldAt = performance.now();
    const mail = await relay.next(`${userId}@example.com`, isCode);
    const code = CODE.exec(mail.text)[1];
    const mailedAt = performance.now();
    const verify = await b.send({
      method: 'POST',
      path: '/sdportal/rest/device-code/verify',
      body: JSON.stringify({ attempt: decodeURIComponent(held[1]), code }),
      type: 'application/json',
    });
    const ended = performance.now();
    if (verify.status !== 200 || !HOME.test(verify.body))
      throw new Error(`the code answered ${verify.status}: ${verify.body.slice(0, 200)}`);
    await signedIn(b);
    // Untimed: the new-device notice the trust mailed through the outbox, so that its sending is over before the
    // next sign-in is timed.
    await relay.next(`${userId}@example.com`, isNotice);
    const parts = { password: heldAt - started, smtp: mail.smtpMs, read: mailedAt - heldAt, code: ended - mailedAt };
    return { total: ended - started, ...parts };
  } finally {
    b.close();
  }
}

/** A trusted browser (its device cookie): the password goes straight to the signed-in page. */
async function trustedSignIn(base, device, userId, secret) {
  const b = browser(base, device);
  try {
    const started = performance.now();
    const location = await password(b, userId, secret);
    const ended = performance.now();
    if (!HOME.test(location)) throw new Error(`a trusted browser's sign-in went to ${location}`);
    await signedIn(b);
    return { total: ended - started, device: b.jar.get('portal-device') };
  } finally {
    b.close();
  }
}

const ms = (value) => Math.round(value);
const row = (label, each) => [
  label,
  each.length,
  ms(median(each)),
  ms(Math.min(...each)),
  ms(Math.max(...each)),
  each.map(ms).join(', '),
];

export async function newDeviceSignInFigure({ portal, relay, seed, users, loads }) {
  const [trustedUser, ...newDeviceUsers] = users;
  if (newDeviceUsers.length < loads + 1) throw new Error(`figure 13 needs ${loads + 2} seeded users`);
  // The trusted user's browser is trusted the way any is: one sign-in with the mailed code (untimed).
  const first = browser(portal.url);
  const held = HELD.exec(await password(first, trustedUser, seed.password));
  const code = CODE.exec((await relay.next(`${trustedUser}@example.com`, isCode)).text)[1];
  const body = JSON.stringify({ attempt: decodeURIComponent(held[1]), code });
  await first.send({ method: 'POST', path: '/sdportal/rest/device-code/verify', body, type: 'application/json' });
  let device = first.jar.get('portal-device');
  await signedIn(first);
  await relay.next(`${trustedUser}@example.com`, isNotice);
  first.close();
  if (!device) throw new Error('the code passed but the browser was not trusted');

  // Untimed, one of each: the service's caches, the relay's first connection.
  await newDeviceSignIn(portal.url, relay, newDeviceUsers[0], seed.password);
  device = (await trustedSignIn(portal.url, device, trustedUser, seed.password)).device;
  // A new browser of another user each time: an account is mailed at most ten codes an hour.
  const times = { newDevice: [], password: [], smtp: [], read: [], code: [], trusted: [] };
  const fresh = async (i) => {
    const one = await newDeviceSignIn(portal.url, relay, newDeviceUsers[i], seed.password);
    for (const part of ['password', 'smtp', 'read', 'code']) times[part].push(one[part]);
    times.newDevice.push(one.total);
  };
  const trusted = async () => {
    const one = await trustedSignIn(portal.url, device, trustedUser, seed.password);
    device = one.device;
    times.trusted.push(one.total);
  };
  // In turn, each round in the other order than the last, so both see the same moments of a noisy machine.
  for (let i = 1; i <= loads; i += 1) {
    if (i % 2) await fresh(i).then(trusted);
    else await trusted().then(() => fresh(i));
  }
  const ratio = median(times.newDevice) / median(times.trusted);
  return {
    id: 13,
    title: 'A sign-in from a new browser with the mailed code, end to end, beside one from a trusted browser',
    goal: 'none set: reported beside a trusted browser’s sign-in',
    result: `median ${ms(median(times.newDevice))} ms from a new browser (the code's mail at the relay ${ms(median(times.smtp))} ms of it), ${ms(median(times.trusted))} ms from a trusted one (${round(ratio, 2)}x)`,
    met: null,
    table: {
      head: ['sign-in', 'sign-ins', 'median (ms)', 'min (ms)', 'max (ms)', 'every sign-in (ms)'],
      rows: [
        row('new browser: password, held, code mailed, read and sent, signed in', times.newDevice),
        row('… the password: pre-step, user ID lookup, send-login answered with the code screen', times.password),
        row("… … of it, the code's mail at the relay: MAIL FROM until its 250 to the data", times.smtp),
        row('… the code read from the relay after the held answer', times.read),
        row('… the code sent, answered with the signed-in page', times.code),
        row('trusted browser: password, signed in', times.trusted),
      ],
    },
    method: [
      `The service as \`npm start\` runs it (\`NEW_DEVICE_VERIFICATION=email\`, throttling off) on a database of ${seed.users} seeded users, mailing through \`SMTP_URL\` to an SMTP relay on loopback in the benchmark's process (\`bench/lib/smtp-relay.mjs\`: smtp-server, each mail parsed with mailparser). The code's mail is sent while send-login waits (not through the outbox), so the held answer comes once the relay has taken it: the relay's side of that mail is timed from its MAIL FROM to its 250 after the data, in the benchmark's clock, and is part of the password's time.`,
      'Each sign-in is a new client (its own cookies and keep-alive connection) making the calls the web app makes, one after the other, with no page loaded and no human time: the pre-step (`GET /sdportal/logout`), the user ID lookup, send-login with the password on the cobrand `skerrymoor`. From a new browser send-login answers with the code screen; the code is read from the mail as the relay parsed it and sent to `POST /sdportal/rest/device-code/verify`, which answers with the signed-in page. A trusted browser sends its device cookie, and send-login answers with the signed-in page. Both carry the passkey offer\'s "Not now" cookie. After each, untimed, `GET /sdportal/rest/session` answers 200 and the browser signs out; after each from a new browser, the new-device notice the service mails through its outbox is waited for at the relay, so that no timed sign-in shares the machine with its sending.',
      `${loads} sign-ins of each, in turn (each round in the other order than the last), after one untimed sign-in of each; the new-browser sign-ins are each another seeded user's (an account is mailed at most ten codes an hour), the trusted ones all the same user's browser, made trusted by a first sign-in with its code. The median is the figure.`,
    ],
    data: { times },
  };
}
