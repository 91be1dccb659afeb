/** The database stops while the service runs: calls answer 503 in the error shape, and it recovers by itself. */
import { Paths } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  TEST_DATABASE_URL,
  createTestApp,
  expectErrorShape,
  signInSequence,
  type TestApp,
} from './harness.js';
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
