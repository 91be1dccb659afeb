/**
 * HTTP clients of the benchmarks other than autocannon: one request at a time (latency of a sequence), and an
 * open-loop generator that starts requests on a fixed schedule whatever the answers, so a slow answer or a stall
 * counts in full (no coordinated omission).
 */
import http from 'node:http';
import net from 'node:net';
import { Worker } from 'node:worker_threads';

/**
 * The headers the web app sends on every call (contract REQUEST_HEADERS), with the Accept-Encoding Chromium adds to
 * each: answers of 1 KB or more then come compressed, as a browser gets them.
 */
export const APP_HEADERS = {
  'x-requested-with': 'XMLHttpRequest',
  accept: 'application/json, text/plain, */*',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

export function agent(maxSockets = 1) {
  return new http.Agent({ keepAlive: true, maxSockets });
}

/** One request; answers status, headers, body text and the time from start to the last byte (ms). */
export function request(base, { method = 'GET', path, headers = {}, body, agent: useAgent }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const url = new URL(path, base);
    const req = http.request(url, { method, headers, agent: useAgent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

export const cookieValue = (setCookie, name) => {
  for (const line of [setCookie ?? []].flat()) {
    const match = line.match(new RegExp(`^${name}=([^;]*)`));
    if (match) return match[1];
  }
  return undefined;
};

/**
 * §7's sign-in sequence as the browser runs it: the logout pre-step, the login-info lookup, then send-login (of `form`,
 * the password form unless told) with the sec-token cookie echoed in X-XSRF-TOKEN. Answers each step's time and the
 * session cookie.
 */
export async function signInSequence(base, useAgent, userId, password, { device, form = 'password' } = {}) {
  const logout = await request(base, { path: '/sdportal/logout', headers: APP_HEADERS, agent: useAgent });
  const token = cookieValue(logout.headers['set-cookie'], 'sec-token');
  if (logout.status !== 204 || !token) throw new Error(`logout pre-step answered ${logout.status} with no sec-token`);
  // A trusted browser sends its device cookie too (docs/decisions.md, "Device trust").
  const cookie = device ? `sec-token=${token}; portal-device=${device}` : `sec-token=${token}`;
  const info = await request(base, {
    path: `/sdportal/rest/login/info?username=${encodeURIComponent(userId)}`,
    headers: { ...APP_HEADERS, cookie },
    agent: useAgent,
  });
  if (info.status !== 200) throw new Error(`login info answered ${info.status}`);
  const { ldapId } = JSON.parse(info.body);
  const send = await request(base, {
    method: 'POST',
    path: '/pkmslogin.form',
    agent: useAgent,
    headers: { ...APP_HEADERS, cookie, 'x-xsrf-token': token, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: ldapId, 'login-form-type': form, password }).toString(),
  });
  if (send.status !== 200) throw new Error(`send-login answered ${send.status}: ${send.body.slice(0, 200)}`);
  const session = cookieValue(send.headers['set-cookie'], 'portal-session');
  const signedInToken = cookieValue(send.headers['set-cookie'], 'sec-token');
  return {
    logoutMs: logout.ms,
    infoMs: info.ms,
    sendMs: send.ms,
    totalMs: logout.ms + info.ms + send.ms,
    session,
    /** The device cookie the sign-in set or renewed: the browser is a trusted device of the account. */
    device: cookieValue(send.headers['set-cookie'], 'portal-device'),
    location: send.body,
    /** What the browser sends from then on: the session, the token re-issued for it, the language. */
    cookie: `portal-session=${session}; sec-token=${signedInToken}; user_locale=en_US`,
  };
}

/**
 * Splits what a keep-alive connection receives into answers: status, head (latin1 text) and body. Answers must carry
 * Content-Length unless they are 204 or 304 (the service's all do); `onBad` gets the head of one that does not, and reading stops.
 */
export function answerReader(onAnswer, onBad) {
  let buffer = Buffer.alloc(0);
  return (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffer.toString('latin1', 0, end);
      const status = Number(head.slice(9, 12));
      // 204 and 304 never have a body (RFC 9110 §15.3.5, §15.4.5), and need not say so.
      const length =
        status === 204 || status === 304 ? 0 : Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
      if (!Number.isFinite(length)) {
        onBad(head);
        return;
      }
      if (buffer.length < end + 4 + length) return;
      const body = buffer.subarray(end + 4, end + 4 + length);
      buffer = buffer.subarray(end + 4 + length);
      onAnswer({ status, head, body });
    }
  };
}

/** The value of a Set-Cookie in an answer's head, or undefined. */
export function headCookie(head, name) {
  return new RegExp(`\r\nset-cookie: ${name}=([^;\r]*)`, 'i').exec(head)?.[1];
}

/**
 * One keep-alive connection on a plain socket, one request at a time, for closed-loop clients: far less CPU per
 * request than a full HTTP client, which matters when the generator shares the machine with what it measures.
 */
export function rawConnection(base) {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  socket.setNoDelay(true);
  let pending = null;
  const fail = (error) => {
    const p = pending;
    pending = null;
    p?.reject(error);
  };
  socket.on(
    'data',
    answerReader(
      (answer) => {
        const p = pending;
        pending = null;
        p?.resolve(answer);
      },
      (head) => fail(new Error(`an answer without Content-Length: ${head.slice(0, 200)}`)),
    ),
  );
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('the connection closed')));
  return {
    request({ method = 'GET', path, headers = {}, body }) {
      const payload = body === undefined ? '' : body;
      const lines = Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      const length = body === undefined ? '' : `content-length: ${Buffer.byteLength(payload)}\r\n`;
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        socket.write(`${method} ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n${lines}${length}\r\n${payload}`);
      });
    },
    close: () => socket.destroy(),
  };
}

/**
 * Open loop: `rate` requests per second for `seconds`, each started at its scheduled time whatever the answers so far
 * (`open-loop.mjs`). Each request is one of `requests` ({ path, headers }), picked at random. The generator runs in a
 * thread of its own: the benchmark process's heap (seed data, autocannon's results) has collections of 5 to 10 ms,
 * which would otherwise stall the generator and count as the service's latency.
 */
export function fixedRate(base, options) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./open-loop.mjs', import.meta.url), { workerData: { base, options } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the load generator's thread ended (exit code ${code}) without an answer`)),
    );
  });
}
