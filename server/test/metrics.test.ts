/**
 * The management port (METRICS_PORT, 127.0.0.1): Prometheus text with the requests by route and status and what the
 * portal did, and /healthz and /readyz as on the public port. Its text passes `promtool check metrics` (Debian's
 * prometheus package), and the pool's counts leave out the scrape's own queries.
 */
import { spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PASSKEY_SKIP_COOKIE, Paths } from '@portal/contract';
import { DeviceCodePaths } from '@portal/contract/device-code';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsOf } from '../src/app.js';
import { startManagementServer } from '../src/metrics/index.js';
import { DEMO_ANSWER } from '../src/demo-users.js';
import { sql } from 'kysely';
import { answerSecurityQuestion, createTestApp, DIALECTS, signInSequence, type TestApp } from './harness.js';
import { TestSmtpServer } from './smtp.js';

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

/** `promtool check metrics` on a scrape: what it printed (nothing when all is well) and its exit status. */
function promtoolCheck(text: string) {
  const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  expect(check.error).toBeUndefined();
  return { output: `${check.stdout}${check.stderr}`, status: check.status };
}

/**
 * What shows credential stuffing (docs/operations.md, "Metrics"): new-device codes by outcome, sign-in tries by cobrand
 * and result, and the distinct user IDs one address tried, after real sign-in tries with new-device verification on.
 */
describe('the stuffing series', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let port: Awaited<ReturnType<typeof managementPort>>;
  beforeAll(async () => {
    smtp = await new TestSmtpServer().start();
    t = await createTestApp('sqlite', { config: { smtpUrl: smtp.url, newDeviceVerification: 'email' } });
    port = await managementPort(t);
  });
  afterAll(async () => {
    port?.server.close();
    await t?.close();
    await smtp?.stop();
  });

  /** A browser of its own at `address`, past the passkey offer. */
  const browserAt = (address: string) => {
    const browser = t.client({ remoteAddress: address });
    browser.cookies.set(PASSKEY_SKIP_COOKIE, '1');
    return browser;
  };
  const codeIn = (text: string) => /^ {4}(\d{6})$/m.exec(text)?.[1] ?? '';

  it('has every outcome of the codes at 0 before anything happened', async () => {
    const text = await port.scrape();
    for (const outcome of ['sent', 'unsent', 'passed', 'failed'])
      expect(value(text, `portal_new_device_codes_total{outcome="${outcome}"}`)).toBe(0);
    expect(value(text, 'portal_signin_address_user_ids_max')).toBe(0);
    expect(value(text, 'portal_signin_addresses_many_user_ids')).toBe(0);
  });

  it('counts the codes sent, failed and passed, and tries by cobrand: refused by page, held and passed by account', async () => {
    const browser = browserAt('192.0.2.10');
    const held = await signInSequence(browser, 'demopass', undefined, { cobrandHost: 'skerrymoor' });
    const attempt = /attempt=([0-9a-f-]+)/.exec(held.body)?.[1] ?? '';
    const code = codeIn((await smtp.waitFor(1))[0]!.text);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await browser.post(DeviceCodePaths.verify, { json: { attempt, code: wrong } })).statusCode).toBe(401);
    expect((await browser.post(DeviceCodePaths.verify, { json: { attempt, code } })).statusCode).toBe(200);
    // Refused on skerrymoor's page: a wrong password, and an unknown user ID; on a page the catalogue does not know.
    await signInSequence(browserAt('192.0.2.11'), 'demoexpired', 'Wrong-1', { cobrandHost: 'skerrymoor' });
    await signInSequence(browserAt('192.0.2.12'), 'nobody-at-all', 'Wrong-2', { cobrandHost: 'skerrymoor' });
    await signInSequence(browserAt('192.0.2.13'), 'nobody-at-all', 'Wrong-3', { cobrandHost: 'no-such-bank' });

    const text = await port.scrape();
    expect(value(text, 'portal_new_device_codes_total{outcome="sent"}')).toBe(1);
    expect(value(text, 'portal_new_device_codes_total{outcome="failed"}')).toBe(1);
    expect(value(text, 'portal_new_device_codes_total{outcome="passed"}')).toBe(1);
    expect(value(text, 'portal_new_device_codes_total{outcome="unsent"}')).toBe(0);
    const tries = (cobrand: string, result: string) =>
      value(text, `portal_signin_cobrand_attempts_total{cobrand="${cobrand}",result="${result}"}`);
    // The wrong code is refused on the account's cobrand (a code's try names its account, not a page).
    expect(tries('skerrymoor', 'refused')).toBe(3);
    expect(tries('skerrymoor', 'held')).toBe(1);
    expect(tries('skerrymoor', 'success')).toBe(1);
    expect(tries('other', 'refused')).toBe(1);
    expect(tries('other', 'success')).toBe(0);
    expect(text).not.toContain('no-such-bank');
    expect(promtoolCheck(text)).toEqual({ output: '', status: 0 });
  });

  it('reports the most distinct user IDs one address tried in the last five minutes, never the address or the IDs', async () => {
    const bot = '203.0.113.66';
    for (let i = 0; i < 12; i += 1) await signInSequence(browserAt(bot), `stuffed-user-${i}`, `Breached-${i}`);
    // The same user ID over and over counts once; one try from each of other addresses counts one each.
    for (let i = 0; i < 3; i += 1) await signInSequence(browserAt('203.0.113.67'), 'demoexpired', `Wrong-${i}`);
    let text = await port.scrape();
    expect(value(text, 'portal_signin_address_user_ids_max')).toBe(12);
    expect(value(text, 'portal_signin_addresses_many_user_ids')).toBe(1);
    expect(text).not.toContain(bot);
    expect(text).not.toContain('stuffed-user');
    expect(promtoolCheck(text)).toEqual({ output: '', status: 0 });

    t.clock.advance(5 * 60_000 + 1);
    text = await port.scrape();
    expect(value(text, 'portal_signin_address_user_ids_max')).toBe(0);
    expect(value(text, 'portal_signin_addresses_many_user_ids')).toBe(0);
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
