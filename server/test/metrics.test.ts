/**
 * The management port (METRICS_PORT, 127.0.0.1): Prometheus text with the requests by route and status and what the
 * portal did, and /healthz and /readyz as on the public port. Its text passes `promtool check metrics` (Debian's
 * prometheus package), and the pool's counts leave out the scrape's own queries.
 */
import { spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Paths } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsOf } from '../src/app.js';
import { startManagementServer } from '../src/metrics/index.js';
import { DEMO_ANSWER } from '../src/demo-users.js';
import { sql } from 'kysely';
import { answerSecurityQuestion, createTestApp, DIALECTS, signInSequence, type TestApp } from './harness.js';

/** Serves the app's metrics on a management port of its own, as main.ts does. */
async function managementPort(t: TestApp): Promise<{ server: Server; scrape: () => Promise<string> }> {
  const server = await startManagementServer(t.app, metricsOf(t.app), 0);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, scrape: async () => (await fetch(`${base}/metrics`)).text() };
}

const value = (text: string, series: string) =>
  Number(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);

describe('the management port', () => {
  let t: TestApp;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    server = await startManagementServer(t.app, metricsOf(t.app), 0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.close();
    await t?.close();
  });

  const scrape = async () => (await fetch(`${base}/metrics`)).text();

  it('has every labelled count at 0 before anything happened, so a rate over it is 0, not nothing', async () => {
    const text = await scrape();
    for (const result of ['success', 'refused', 'locked'])
      expect(value(text, `portal_signin_attempts_total{result="${result}"}`)).toBe(0);
    for (const outcome of ['queued', 'sent', 'failed'])
      expect(value(text, `portal_mail_total{outcome="${outcome}"}`)).toBe(0);
    expect(value(text, 'portal_lockouts_total')).toBe(0);
    expect(value(text, 'portal_db_up')).toBe(1);
  });

  it('counts requests by route pattern and status, never by the address a user typed', async () => {
    await t.client().get(`${Paths.loginInfo}?username=someone-secret`);
    const text = await scrape();
    expect(value(text, 'portal_http_requests_total{route="/sdportal/rest/login/info",method="GET",status="200"}')).toBe(
      1,
    );
    expect(text).toMatch(
      /^portal_http_request_duration_seconds_bucket\{le="0\.1",route="\/sdportal\/rest\/login\/info"/m,
    );
    expect(text).not.toContain('someone-secret');
    expect(text).toMatch(/^portal_process_resident_memory_bytes \d+/m);
  });

  it('counts sign-ins by result, lockouts, mail and live sessions', async () => {
    expect((await signInSequence(t.client(), 'demopass')).statusCode).toBe(200);
    for (let i = 0; i < 6; i += 1) await signInSequence(t.client(), 'demoexpired', `Wrong-${i}`);
    await answerSecurityQuestion(t.client(), 'demotoken', DEMO_ANSWER);
    await answerSecurityQuestion(t.client(), 'demopass', DEMO_ANSWER);
    const text = await scrape();
    expect(value(text, 'portal_signin_attempts_total{result="success"}')).toBe(1);
    expect(value(text, 'portal_signin_attempts_total{result="refused"}')).toBe(6);
    expect(value(text, 'portal_signin_attempts_total{result="locked"}')).toBe(1);
    expect(value(text, 'portal_lockouts_total')).toBe(1);
    expect(value(text, 'portal_mail_total{outcome="queued"}')).toBe(1);
    expect(value(text, 'portal_live_sessions')).toBe(1);
    expect(value(text, 'portal_outbox_depth')).toBeGreaterThanOrEqual(0);
    // Read again, the totals stay where they are.
    expect(value(await scrape(), 'portal_signin_attempts_total{result="refused"}')).toBe(6);
  });

  it('answers /healthz and /readyz as the public port does, and nothing else', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect((await fetch(`${base}/sdportal/rest/session`)).status).toBe(404);
  });

  it('answers text that promtool check metrics finds nothing wrong with', async () => {
    const check = spawnSync('promtool', ['check', 'metrics'], { input: await scrape(), encoding: 'utf8' });
    expect(check.error).toBeUndefined();
    expect(`${check.stdout}${check.stderr}`).toBe('');
    expect(check.status).toBe(0);
  });
});

describe.runIf(DIALECTS.includes('postgres'))('the pool gauge', () => {
  let t: TestApp;
  let port: Awaited<ReturnType<typeof managementPort>>;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    port = await managementPort(t);
  });
  afterAll(async () => {
    port?.server.close();
    await t?.close();
  });

  it("counts the service's queries waiting for a connection, not the scrape's own", async () => {
    const pool = t.database.pool!;
    // Every connection of the pool busy with a query of the service's, and one more query waiting for one.
    const busy = Array.from({ length: 11 }, () => sql`select pg_sleep(0.5)`.execute(t.database.db));
    await expect.poll(() => pool()).toEqual({ total: 10, idle: 0, waiting: 1 });
    const text = await port.scrape();
    await Promise.all(busy);
    expect(value(text, 'portal_db_pool_connections{state="in_use"}')).toBe(10);
    expect(value(text, 'portal_db_pool_connections{state="waiting_clients"}')).toBe(1);
  });
});
