/**
 * The management port (METRICS_PORT, 127.0.0.1): Prometheus text with the requests by route and status and what the
 * portal did, and /healthz and /readyz as on the public port.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Paths } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsOf } from '../src/app.js';
import { startManagementServer } from '../src/metrics/index.js';
import { DEMO_ANSWER } from '../src/demo-users.js';
import { answerSecurityQuestion, createTestApp, signInSequence, type TestApp } from './harness.js';

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
  const value = (text: string, series: string) =>
    Number(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);

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
});
