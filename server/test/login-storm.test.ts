/**
 * The login storm (docs/operations.md, "Login storms"): a sign-in refused for load opens nothing and counts nothing,
 * whoever the user is; a sign-in whose browser left while it waited is never verified; readiness and the metrics show
 * the queue. Not timed: the test holds the hash queue's places itself, as verifies in flight would.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Paths, REQUEST_HEADERS } from '@portal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { metricsOf } from '../src/app.js';
import { hashQueue } from '../src/security/hash-queue.js';
import { argon2Work } from '../src/security/passwords.js';
import {
  accountRow,
  expectErrorShape,
  loginInfo,
  SESSION_COOKIE,
  setCookies,
  signInSequence,
  type TestApp,
  type TestClient,
  useFreshTestApp,
} from './harness.js';
import { drainQueue, fillQueue, holdPlace } from './hash-queue-hold.js';

/** One place, and no seconds of queue allowed: a second sign-in waits, a third is refused. */
const TIGHT = { hashQueue: { concurrency: 1, maxQueueSeconds: 0 } };

async function auditRows(t: TestApp): Promise<number> {
  const { count } = await t.database.db
    .selectFrom('audit_event')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function metric(t: TestApp, name: string): Promise<number> {
  const text = await metricsOf(t.app).metrics();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1]);
}

describe('a sign-in refused for load', () => {
  let t: TestApp;
  useFreshTestApp('sqlite', { config: TIGHT }, (app) => (t = app));
  afterEach(drainQueue);

  it('answers 503 with Retry-After in the error shape, the same for a known and an unknown user, and opens and counts nothing', async () => {
    const before = { verifies: argon2Work().verifies, audit: await auditRows(t) };
    await fillQueue();
    const known = await signInSequence(t.client(), 'demopass');
    const unknown = await signInSequence(t.client(), 'nobody-here');
    for (const refused of [known, unknown]) {
      expect(refused.statusCode).toBe(503);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expectErrorShape(refused, 503, 'busy');
      expect(setCookies(refused).has(SESSION_COOKIE)).toBe(false);
    }
    expect(unknown.body).toBe(known.body);
    expect(argon2Work().verifies).toBe(before.verifies);
    expect(await auditRows(t)).toBe(before.audit);
    expect((await accountRow(t.database, 'demopass')).failed_attempts).toBe(0);
    expect(await t.database.db.selectFrom('session').selectAll().execute()).toEqual([]);
    expect(await metric(t, 'portal_signin_refused_for_load_total')).toBe(2);
  });

  it('fails readiness while refusing, shows the queue in the metrics, and signs in again once it drains', async () => {
    await fillQueue();
    const busy = await t.client().get('/readyz');
    expect({ status: busy.statusCode, body: busy.json() }).toEqual({ status: 503, body: { status: 'busy' } });
    expect(await metric(t, 'portal_hash_queue_length')).toBe(1);
    expect(await metric(t, 'portal_hash_queue_backlog_seconds')).toBeGreaterThan(0);
    await drainQueue();
    expect((await t.client().get('/readyz')).statusCode).toBe(200);
    expect((await signInSequence(t.client(), 'demopass')).statusCode).toBe(200);
    expect(await metric(t, 'portal_hashes_total')).toBeGreaterThanOrEqual(1);
  });
});

/** send-login over a real connection (the browser's), which the test can close while the sign-in waits. */
async function sendLoginOverSocket(t: TestApp, client: TestClient, userId: string) {
  const { ldapId } = await loginInfo(client, userId);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as AddressInfo;
  const body = new URLSearchParams({ username: ldapId, 'login-form-type': 'password', password: 'Portal-Demo-2026' });
  const request = httpRequest({
    host: '127.0.0.1',
    port: address.port,
    method: 'POST',
    path: Paths.sendLogin,
    headers: {
      ...REQUEST_HEADERS,
      'content-type': 'application/x-www-form-urlencoded',
      'x-xsrf-token': client.csrfToken!,
      cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    },
  });
  request.on('error', () => undefined);
  request.end(body.toString());
  return request;
}

describe('a sign-in whose browser has gone', () => {
  let t: TestApp;
  useFreshTestApp('sqlite', { config: { hashQueue: { concurrency: 1, maxQueueSeconds: 60 } } }, (app) => (t = app));
  afterEach(drainQueue);

  it('is dropped before its verify: nothing verified, counted or opened', async () => {
    const client = await t.client().openPage();
    const before = { verifies: argon2Work().verifies, audit: await auditRows(t), abandoned: hashQueue.stats() };
    await holdPlace();
    const request = await sendLoginOverSocket(t, client, 'demopass');
    await expect.poll(() => hashQueue.stats().waiting).toBe(1);
    request.destroy();
    await expect.poll(() => hashQueue.stats().waiting).toBe(0);
    await drainQueue();
    expect(hashQueue.stats().counts.abandoned).toBe(before.abandoned.counts.abandoned + 1);
    expect(argon2Work().verifies).toBe(before.verifies);
    expect(await auditRows(t)).toBe(before.audit);
    expect((await accountRow(t.database, 'demopass')).failed_attempts).toBe(0);
    expect(await t.database.db.selectFrom('session').selectAll().execute()).toEqual([]);
  });
});
