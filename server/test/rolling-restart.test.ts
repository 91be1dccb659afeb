/**
 * The built service as a bank runs it: two instances on PostgreSQL behind a real haproxy. A rolling restart under a
 * steady sign-in load loses no sign-in (SIGTERM drains: /readyz answers 503 while the instance still serves); slow
 * clients are timed out; a connection cap holds; instances started together on an empty database both come up.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { Paths } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { DIALECTS, TEST_DATABASE_URL, withPgClient } from './harness.js';
import { Haproxy } from './haproxy.js';
import { HttpClient } from './http-client.js';
import { startService, type ServiceProcess } from './service-process.js';

const started: ServiceProcess[] = [];
const proxies: Haproxy[] = [];
afterAll(() => {
  for (const service of started) service.child.kill('SIGKILL');
  for (const proxy of proxies) proxy.stop();
});
const start = async (env: Record<string, string>, port?: number) => {
  const service = await startService(env, port);
  started.push(service);
  return service;
};

/** A PostgreSQL database of its own for the instances of one test. */
async function freshDatabase(): Promise<string> {
  const name = `portal_${randomBytes(6).toString('hex')}`;
  await withPgClient((client) => client.query(`create database ${name}`));
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Sign-in sequences of demopass, one after another by each of `browsers` clients, until `running()` is false. */
async function steadySignIns(base: string, browsers: number, running: () => boolean): Promise<number[]> {
  const statuses: number[] = [];
  await Promise.all(
    Array.from({ length: browsers }, async () => {
      while (running()) {
        const client = new HttpClient(base);
        statuses.push(await client.signIn('demopass', 'Portal-Demo-2026').catch(() => 0));
      }
    }),
  );
  return statuses;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(DIALECTS.includes('postgres'))('two instances behind haproxy', () => {
  beforeAll(() => buildIfStale({ quiet: true }), 120_000);

  it('a rolling restart of both under a steady sign-in load loses no sign-in', async () => {
    const env = { DATABASE_URL: await freshDatabase(), PORTAL_DEMO: 'true', TRUST_PROXY: '1', DRAIN_SECONDS: '3' };
    const instances = [await start(env), await start(env)];
    const proxy = await new Haproxy().start(instances.map((i) => i.port));
    proxies.push(proxy);
    let running = true;
    const load = steadySignIns(proxy.base, 4, () => running);
    await pause(1_000);
    for (const [i, instance] of instances.entries()) {
      // As an orchestrator does: SIGTERM, wait for the exit, start the new version on the same address.
      instance.child.kill('SIGTERM');
      // The drain: the instance says it is not ready at once, and still answers.
      await expect.poll(async () => (await fetch(`${instance.base}/readyz`)).status, { interval: 50 }).toBe(503);
      expect((await fetch(`${instance.base}/healthz`)).status).toBe(200);
      expect(await instance.exited).toBe(0);
      instances[i] = await start(env, instance.port);
      await pause(1_500); // haproxy's checks see it ready again before the next one goes
    }
    running = false;
    const statuses = await load;
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // The address in the log is the client's as haproxy saw it, not haproxy's own hop (its own readiness checks are
    // logged without one, and may come first).
    const signIn = instances.flatMap((i) => i.logs).find((line) => line.route && line.route !== '/readyz');
    expect(signIn).toMatchObject({ ip: '127.0.0.1' });
  }, 120_000);
});

describe('slow clients and many connections', () => {
  beforeAll(() => buildIfStale({ quiet: true }), 120_000);

  /** A raw connection, and a promise of what it read when the server closed it. */
  function rawConnection(port: number): { socket: Socket; closed: Promise<string> } {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    let read = '';
    socket.on('data', (chunk) => (read += chunk.toString()));
    return { socket, closed: new Promise((resolve) => socket.once('close', () => resolve(read))) };
  }

  it('closes a request whose body trickles in after REQUEST_TIMEOUT_SECONDS, with 408', async () => {
    const service = await start({ REQUEST_TIMEOUT_SECONDS: '2', HEADERS_TIMEOUT_SECONDS: '1' });
    // As the slow clients did: a page's valid anti-forgery token, so the body is waited for.
    const preStep = await fetch(`${service.base}${Paths.logout}`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    const token = /sec-token=([^;]+)/.exec(preStep.headers.get('set-cookie') ?? '')![1];
    const { socket, closed } = rawConnection(service.port);
    const head = ['POST /pkmslogin.form HTTP/1.1', 'Host: portal', 'Content-Type: application/x-www-form-urlencoded'];
    const withToken = [`Cookie: sec-token=${token}`, `X-XSRF-TOKEN: ${token}`, 'X-Requested-With: XMLHttpRequest'];
    socket.write([...head, ...withToken, 'Content-Length: 200', '', ''].join('\r\n'));
    // One byte a quarter second: the whole body would take 50 s; the server must end it long before.
    let sent = 0;
    const trickle = setInterval(() => {
      if (!socket.destroyed && sent < 200) socket.write('a', () => undefined);
      sent += 1;
    }, 250);
    const answer = await closed;
    clearInterval(trickle);
    expect(sent).toBeLessThan(200);
    expect(answer).toMatch(/^HTTP\/1.1 408/);
  }, 60_000);

  it('refuses connections beyond MAX_CONNECTIONS, and serves again once they close', async () => {
    const service = await start({ MAX_CONNECTIONS: '3' });
    const held = [1, 2, 3].map(() => rawConnection(service.port));
    await Promise.all(held.map(({ socket }) => new Promise((resolve) => socket.once('connect', resolve))));
    await pause(200);
    const beyond = rawConnection(service.port);
    beyond.socket.write('GET /healthz HTTP/1.1\r\nHost: portal\r\n\r\n');
    expect(await beyond.closed).toBe('');
    for (const { socket } of held) socket.destroy();
    await expect.poll(async () => (await fetch(`${service.base}/healthz`).catch(() => null))?.status).toBe(200);
  }, 60_000);
});

describe.runIf(DIALECTS.includes('postgres'))('instances started together on an empty database', () => {
  beforeAll(() => buildIfStale({ quiet: true }), 120_000);

  it('both come up with the demo data, and neither logs an error while starting', async () => {
    const env = { DATABASE_URL: await freshDatabase(), PORTAL_DEMO: 'true' };
    const both = await Promise.all([start(env), start(env)]);
    for (const service of both) {
      expect(await new HttpClient(service.base).signIn('demopass', 'Portal-Demo-2026')).toBe(200);
      expect(service.logs.filter((line) => (line.level as number) >= 50)).toEqual([]);
    }
  }, 120_000);
});
