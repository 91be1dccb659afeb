/**
 * The database stops, or its disk runs full, while the service runs: calls answer 503 in the error shape with
 * Retry-After, the log says so once per interval, readiness fails, and it recovers by itself.
 */
import { Paths } from '@portal/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import {
  DIALECTS,
  TEST_DATABASE_URL,
  createTestApp,
  expectErrorShape,
  signInSequence,
  type TestApp,
} from './harness.js';
import { HttpClient } from './http-client.js';
import { startService, type ServiceProcess } from './service-process.js';
import { SmallDisk } from './small-disk.js';
import { TcpProxy } from './tcp-proxy.js';

describe.runIf(DIALECTS.includes('postgres'))('a database outage', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  beforeEach(async () => {
    const target = new URL(TEST_DATABASE_URL!);
    proxy = await new TcpProxy(target.hostname, Number(target.port || 5432)).open();
    target.host = `127.0.0.1:${proxy.port}`;
    t = await createTestApp('postgres', { databaseUrl: target.toString() });
  });
  afterEach(async () => {
    await proxy.open();
    await t?.close();
    await proxy.cut();
  });

  it('answers 503 with the system-error shape while the database is away, fails /readyz, and recovers without a restart', async () => {
    const client = t.client();
    expect((await signInSequence(client, 'demopass')).statusCode).toBe(200);
    expect((await client.get('/readyz')).statusCode).toBe(200);
    const { ldapId } = (await client.get(`${Paths.loginInfo}?username=demopass`)).json();

    await proxy.cut();
    expect((await client.get('/readyz')).statusCode).toBe(503);
    const [item] = expectErrorShape(await client.get(Paths.session), 503, 'unavailable');
    expect(item!.message).toBe('A system error occurred. Please try again later');
    expectErrorShape(await client.get(`${Paths.loginInfo}?username=demopass`), 503, 'unavailable');
    // Checklist 44: a sign-in fails closed, with the generic system error and no session.
    const closed = await client.post(Paths.sendLogin, {
      form: { username: ldapId, 'login-form-type': 'password', password: 'Portal-Demo-2026' },
    });
    expectErrorShape(closed, 503, 'unavailable');
    expect(String(closed.headers['set-cookie'] ?? '')).not.toMatch(/portal-session=[^;]/);
    expect((await client.get('/healthz')).statusCode).toBe(200);

    await proxy.open();
    await expect.poll(async () => (await client.get('/readyz')).statusCode, { timeout: 10_000 }).toBe(200);
    expect((await client.get(Paths.session)).json().userId).toBe('demopass');
    expect((await signInSequence(t.client(), 'demopass')).statusCode).toBe(200);
  });
});

describe('sqlite: the disk runs full', () => {
  let disk: SmallDisk;
  let service: ServiceProcess | undefined;
  beforeAll(() => buildIfStale({ quiet: true }), 180_000);
  beforeEach(async () => {
    disk = await new SmallDisk().mount();
  });
  afterEach(async () => {
    service?.child.kill('SIGKILL');
    await service?.exited;
    service = undefined;
    await disk.unmount();
  });

  /**
   * The built service with DATA_DIR on the small disk, once started (the database made, the demo users in) and
   * started again: the clean stop emptied the write-ahead log, so the next write needs space the disk may not have.
   */
  async function restartedOnSmallDisk(): Promise<ServiceProcess> {
    const env = { DATA_DIR: disk.mountPoint, PORTAL_DEMO: 'true', DRAIN_SECONDS: '0' };
    const first = await startService(env, undefined, (argv) => disk.command(argv));
    first.child.kill('SIGTERM');
    await first.exited;
    return startService(env, undefined, (argv) => disk.command(argv));
  }

  /** Calls whose only write is their audit event: a refused unknown user ID, and the security question step. */
  const auditOnly = (client: HttpClient, ldapId: string) => [
    () =>
      client.call('POST', Paths.sendLogin, {
        form: { username: ldapId, 'login-form-type': 'password', password: 'x' },
      }),
    () => client.call('POST', Paths.securityQuestions, { json: { userId: 'nosuchuser', locale: 'en_US' } }),
  ];

  const expectUnavailable = (answer: { status: number; text: string; headers: Headers }) => {
    expect(answer.status, answer.text).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(JSON.parse(answer.text).errors[0]).toMatchObject({ code: 'unavailable' });
  };

  it('answers every refused write 503 with Retry-After, logs it once an interval, fails /readyz, and recovers once space is freed', async () => {
    service = await restartedOnSmallDisk();
    const client = new HttpClient(service.base);
    await client.call('GET', Paths.logout);
    const { ldapId } = JSON.parse((await client.call('GET', `${Paths.loginInfo}?username=nosuchuser`)).text);
    disk.fill();

    // A write may still fit where the write-ahead log kept room from before (SQLite writes a checkpointed log again
    // from its start): such a call is answered as usual. One that needs room the disk has not got is refused.
    const began = Date.now();
    const calls = auditOnly(client, ldapId);
    let refused = 0;
    for (let call = 0; refused < 40 && call < 400; call += 1) {
      const answer = await calls[call % 2]!();
      if (answer.status !== 503) {
        expect(answer.status, answer.text).toBe(call % 2 ? 200 : 401);
        continue;
      }
      expectUnavailable(answer);
      refused += 1;
    }
    expect(refused).toBe(40);
    // Only calls whose write is refused came: readiness fails all the same, and the balancer sends no one here. Its
    // own check writes one small row, which the log's last room may still hold (where a call's audit event did not
    // fit): it answers ready while that write fits, and fails once the room is used.
    const readiness = async () => {
      const ready = await fetch(`${service!.base}/readyz`);
      return [ready.status, await ready.json()];
    };
    await expect.poll(readiness, { timeout: 10_000, interval: 50 }).toEqual([503, { status: 'unavailable' }]);
    expect(await new HttpClient(service.base).signIn('demopass', 'Portal-Demo-2026')).toBe(503);
    expect((await fetch(`${service.base}/healthz`)).status).toBe(200);
    // One line per part in each 10 s interval, naming the cause, rather than a stack trace for each refused call: the
    // requests' database, and the SIEM worker's outbox when it had events to hand on (the demo operators' making).
    const errors = service.logs.filter((line) => (line.level as number) >= 50);
    const parts = new Set(errors.map((line) => line.part as string));
    expect(parts).toContain('database');
    const intervals = 1 + Math.floor((Date.now() - began) / 10_000);
    for (const part of parts) {
      const lines = errors.filter((line) => line.part === part);
      expect(lines.length, part).toBeLessThanOrEqual(intervals);
      for (const line of lines) expect(line.msg).toBe(`${part} unavailable: SQLITE_FULL: database or disk is full`);
    }

    disk.empty();
    await expect.poll(async () => (await fetch(`${service!.base}/readyz`)).status).toBe(200);
    const [refusal, question] = auditOnly(client, ldapId);
    expect((await refusal!()).status).toBe(401);
    expect((await question!()).status).toBe(200);
    expect(await new HttpClient(service.base).signIn('demopass', 'Portal-Demo-2026')).toBe(200);
  }, 120_000);
});
