/**
 * PostgreSQL stopped and started again behind a real PgBouncer in transaction pooling, and PgBouncer paused, as an
 * operator meets them: every call answers §8's system error (503 `unavailable`, Retry-After), a browser gets the
 * outage page in its language, the log has a line per cause and interval, /readyz fails and answers in time, and the
 * service signs in again by itself. PostgreSQL is a server of the test's own (private-postgres.ts), never the shared one.
 */
import { Paths, routePath } from '@portal/contract';
import type { Response } from 'light-my-request';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  createTestApp,
  expectErrorShape,
  keptLog,
  loginInfo,
  type TestApp,
  type TestClient,
} from './harness.js';
import { startPgbouncer, type TestPgbouncer } from './pgbouncer.js';
import { PrivatePostgres } from './private-postgres.js';

const PASSWORD = 'Portal-Demo-2026';

describe.runIf(DIALECTS.includes('postgres'))('PostgreSQL behind PgBouncer, stopped and paused', () => {
  let postgres: PrivatePostgres;
  let bouncer: TestPgbouncer;
  let t: TestApp;
  const { lines, logger } = keptLog();

  beforeAll(async () => {
    postgres = await new PrivatePostgres().init();
    await postgres.createDatabase('portal');
    // A query waits 3 s for a server that does not come, rather than 120 s, PgBouncer's default (docs/operations.md).
    bouncer = await startPgbouncer(postgres.url('portal'), { query_wait_timeout: 3 });
    t = await createTestApp('postgres', { databaseUrl: bouncer.url, ownDatabase: true, logger });
  }, 60_000);
  afterEach(async () => {
    await postgres.ensureRunning();
  });
  afterAll(async () => {
    await t?.close();
    await bouncer?.close();
    await postgres?.close();
  });

  const expectUnavailable = (answer: Response) => {
    expectErrorShape(answer, 503, 'unavailable');
    expect(answer.headers['retry-after']).toBe('5');
  };
  const signIn = (client: TestClient, ldapId: string) =>
    client.post(Paths.sendLogin, { form: { username: ldapId, 'login-form-type': 'password', password: PASSWORD } });

  it('answers every call 503 while PostgreSQL is stopped, a browser the outage page, and signs in once it is back', async () => {
    const client = await t.client().openPage();
    const { ldapId } = await loginInfo(client, 'demopass');
    expect((await signIn(client, ldapId)).statusCode).toBe(200);
    const began = Date.now();

    await postgres.stop();
    // The cobrand cache would answer the page for a while: the test moves past its expiry.
    t.clock.advance(60_000);
    for (let i = 0; i < 5; i += 1) {
      expectUnavailable(await client.get(`${Paths.loginInfo}?username=demopass`));
      expectUnavailable(await signIn(client, ldapId));
      expectUnavailable(await client.post(Paths.securityQuestions, { json: { userId: 'demopass', locale: 'en_US' } }));
    }
    expect((await client.get('/readyz')).statusCode).toBe(503);
    // A browser opening the sign-in page, and one posting its form without the script, get a page in their language.
    const page = routePath('login-signin-component');
    const german = { 'accept-language': 'de-DE,de;q=0.9' };
    for (const opened of [
      await client.get(`${page}?cobrandHost=larchmere`, { browser: true, headers: german }),
      await client.post(page, { browser: true, headers: german, form: { userId: 'demopass', password: PASSWORD } }),
    ]) {
      expect(opened.statusCode).toBe(503);
      expect(opened.headers['content-type']).toMatch(/^text\/html/);
      expect(opened.headers['retry-after']).toBe('5');
      expect(opened.body).toContain('Ein Systemfehler ist aufgetreten. Bitte versuchen Sie es später erneut');
    }

    // No stack trace per call: a line per cause (the pooler's refusals among them) and interval, none "unexpected".
    const errors = lines.filter((line) => (line.level as number) >= 50);
    expect(errors.filter((line) => line.msg === 'unexpected error')).toEqual([]);
    expect(errors.some((line) => /08P01: .*server_login_retry/.test(String(line.msg)))).toBe(true);
    const intervals = 1 + Math.floor((Date.now() - began) / 10_000);
    const perCause = new Map<unknown, number>();
    for (const line of errors) perCause.set(line.msg, (perCause.get(line.msg) ?? 0) + 1);
    for (const [cause, count] of perCause) expect(count, String(cause)).toBeLessThanOrEqual(intervals);

    await postgres.start();
    // PgBouncer refuses for up to server_login_retry (15 s) after a failed login, PostgreSQL back or not: each
    // sign-in meanwhile is the same 503, until one goes through.
    let answer = await signIn(client, ldapId);
    for (let tries = 0; answer.statusCode !== 200 && tries < 60; tries += 1) {
      expectUnavailable(answer);
      await new Promise((resolve) => setTimeout(resolve, 500));
      answer = await signIn(client, ldapId);
    }
    expect(answer.statusCode).toBe(200);
    await expect.poll(async () => (await client.get('/readyz')).statusCode, { timeout: 5_000 }).toBe(200);
  }, 90_000);

  it('answers /readyz within a probe’s 1 s timeout while PgBouncer is paused, one database check at a time', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Kubernetes' default probe timeout: a probe that takes longer is a failed probe.
    const probe = async () => {
      const response = await fetch(`${address}/readyz`, { signal: AbortSignal.timeout(1_000) });
      return { status: response.status, body: await response.json() };
    };
    await expect.poll(async () => (await probe()).status, { timeout: 30_000 }).toBe(200);

    await bouncer.admin('PAUSE portal');
    try {
      for (let i = 0; i < 8; i += 1) expect(await probe()).toEqual({ status: 503, body: { status: 'unavailable' } });
      // Eight probes of a hanging database hold one connection, not eight (the background passes may hold more).
      const pool = t.database.pool!();
      expect(pool.total - pool.idle).toBeLessThanOrEqual(3);
    } finally {
      await bouncer.admin('RESUME portal');
    }
    await expect.poll(async () => (await probe()).status, { timeout: 10_000 }).toBe(200);
  }, 60_000);
});
