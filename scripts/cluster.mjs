// `npm run cluster [-- --instances N]`: N instances of the built service on one PostgreSQL, behind a small
// round-robin proxy on PORT (default 8080), for trying scale-out and for the tests. See docs/operations.md.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildIfStale } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { instances: { type: 'string', default: '2' } } });
const count = Number(values.instances);
if (!Number.isInteger(count) || count < 1 || count > 16)
  throw new Error('--instances must be a whole number from 1 to 16');
const port = Number(process.env.PORT ?? 8080);
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  // Every instance must share one secret; a cluster started without one gets one for its lifetime.
  PORTAL_SECRET: process.env.PORTAL_SECRET ?? randomBytes(36).toString('base64url'),
  PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
  TRUST_PROXY: 'true',
  HOST: '127.0.0.1',
};

buildIfStale();
const upstreams = Array.from({ length: count }, (_, i) => port + 1 + i);
const children = [];

function start(index) {
  const child = spawn(process.execPath, ['--expose-gc', 'server/start.cjs'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(upstreams[index]),
      DATA_DIR: mkdtempSync(join(tmpdir(), `portal-instance-${index}-`)),
      PORTAL_DEMO: env.PORTAL_DEMO ?? 'true',
      // Each instance its own management port: METRICS_PORT, the next one, and so on (empty: none).
      METRICS_PORT: env.METRICS_PORT === '' ? '' : String(Number(env.METRICS_PORT ?? 9464) + index),
      // The admin API on the first instance only: they share the database, so one listener serves them all.
      ADMIN_PORT: index === 0 ? (env.ADMIN_PORT ?? '9465') : '',
    },
    stdio: ['ignore', index === 0 ? 'inherit' : 'ignore', 'inherit'],
  });
  children[index] = child;
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      http
        .get({ host: '127.0.0.1', port: upstreams[index], path: '/readyz' }, (res) => {
          res.resume();
          if (res.statusCode === 200) resolve(clearInterval(poll));
        })
        .on('error', () => undefined);
    }, 200);
    child.once('exit', (code) => reject(new Error(`instance ${index + 1} exited with code ${code}`)));
  });
}

// The first instance migrates and seeds; the others start once it is ready.
await start(0);
await Promise.all(upstreams.slice(1).map((_, i) => start(i + 1)));

let next = 0;
const proxy = http.createServer((req, res) => {
  const tryUpstream = (attemptsLeft) => {
    const target = upstreams[next++ % upstreams.length];
    const forwarded = req.headers['x-forwarded-for']
      ? `${req.headers['x-forwarded-for']}, ${req.socket.remoteAddress}`
      : req.socket.remoteAddress;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwarded },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
        answer.pipe(res);
      },
    );
    // An instance that is down is skipped; the request goes to the next one.
    upstream.on('error', () =>
      attemptsLeft > 1 && !res.headersSent ? tryUpstream(attemptsLeft - 1) : res.writeHead(502).end(),
    );
    req.pipe(upstream);
  };
  tryUpstream(upstreams.length);
});
proxy.listen(port, '127.0.0.1', () =>
  console.log(`Cluster: ${count} instances (ports ${upstreams.join(', ')}) behind http://localhost:${port}`),
);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    proxy.close();
    for (const child of children) child?.kill('SIGTERM');
    process.exit(0);
  });
}
