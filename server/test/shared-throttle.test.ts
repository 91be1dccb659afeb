/**
 * The per-address throttle across instances: with REDIS_URL the instances count together in Redis (which runs on
 * this machine, as in CI), so two instances allow the limit once, not twice; without it each counts alone. The admin
 * listeners' throttle of wrong keys counts there too. A Redis of the test's own goes away and comes back: the metrics
 * and the log say the throttle is off, then on again.
 */
import { randomInt } from 'node:crypto';
import { Paths } from '@portal/contract';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { type AdminListener, startAdmin } from './admin-support.js';
import { metricsOf } from '../src/app.js';
import { createTestApp, expectErrorShape, keptLog, type TestApp } from './harness.js';
import { RedisServer } from './redis.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 4;

describe('the throttle of two instances', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  /** Login-info calls from one new address, alternating between the two instances; answers the statuses. */
  async function callsFromOneAddress(redisUrl: string | null, calls: number): Promise<number[]> {
    const config = { rateLimitPerMinute: LIMIT, redisUrl };
    apps.push(await createTestApp('sqlite', { config }), await createTestApp('sqlite', { config }));
    const [a, b] = apps as [TestApp, TestApp];
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
    const statuses: number[] = [];
    for (let i = 0; i < calls; i += 1) {
      const response = await (i % 2 ? b : a).client({ remoteAddress }).get(`${Paths.loginInfo}?username=someone`);
      if (response.statusCode === 429) expectErrorShape(response, 429, 'throttled');
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it('holds the limit across both with REDIS_URL: the fifth call in a minute is refused, whichever instance', async () => {
    expect(await callsFromOneAddress(REDIS_URL, 6)).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('without REDIS_URL counts in each instance alone, so two instances allow twice the limit', async () => {
    expect(await callsFromOneAddress(null, 8)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
  });

  it('lets calls through, rather than refusing every sign-in, while Redis cannot be reached', async () => {
    expect(await callsFromOneAddress('redis://127.0.0.1:1', 6)).toEqual([200, 200, 200, 200, 200, 200]);
  });
});

describe('the wrong-key throttle of two admin listeners', () => {
  let t: TestApp | undefined;
  const admins: AdminListener[] = [];
  afterEach(async () => {
    for (const admin of admins.splice(0)) await admin.close();
    await t?.close();
  });

  it('counts the refused keys of one address on both together with REDIS_URL', async () => {
    // The tests' calls all come from 127.0.0.1: a count left in Redis by an earlier run is cleared first.
    const redis = new Redis(REDIS_URL);
    for (const key of await redis.keys('portal-throttle:*wrong-key:127.0.0.1')) await redis.del(key);
    redis.disconnect();
    t = await createTestApp('sqlite', { config: { redisUrl: REDIS_URL, adminKeyFailuresPerMinute: 3 } });
    admins.push(await startAdmin(t), await startAdmin(t));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const headers = { authorization: 'Bearer pak_guess' };
      statuses.push((await fetch(`${admins[i % 2]!.base}/admin/v1/users/demopass`, { headers })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});

describe('the shared throttle while its Redis is away', () => {
  let redis: RedisServer | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await redis?.stop();
  });

  const throttleSeries = async (app: TestApp) =>
    (await metricsOf(app.app).metrics()).split('\n').filter((line) => line.startsWith('portal_throttle_shared{'));
  const statuses = async (app: TestApp, calls: number) => {
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
    const answers: number[] = [];
    for (let i = 0; i < calls; i += 1)
      answers.push((await app.client({ remoteAddress }).get(`${Paths.loginInfo}?username=someone`)).statusCode);
    return answers;
  };

  it('shows the throttle off in the metrics and the log, and says so when Redis is back', async () => {
    redis = await new RedisServer().start();
    const log = keptLog('info');
    t = await createTestApp('sqlite', {
      config: { rateLimitPerMinute: LIMIT, redisUrl: redis.url },
      logger: log.logger,
    });
    expect(await throttleSeries(t)).toEqual([
      'portal_throttle_shared{state="shared"} 1',
      'portal_throttle_shared{state="off"} 0',
      'portal_throttle_shared{state="local"} 0',
    ]);

    await redis.stop();
    await expect.poll(() => throttleSeries(t!)).toContain('portal_throttle_shared{state="off"} 1');
    expect(await statuses(t, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    const away = () =>
      log.lines.filter((line) => String(line.msg).startsWith('The shared throttle cannot reach Redis'));
    await expect.poll(() => away().length).toBe(1);

    await redis.start();
    await expect
      .poll(() => throttleSeries(t!), { timeout: 10_000 })
      .toContain('portal_throttle_shared{state="shared"} 1');
    const back = log.lines.filter((line) => String(line.msg).startsWith('The shared throttle reaches Redis again'));
    expect(back).toEqual([expect.objectContaining({ level: 30 })]);
    expect(away()).toHaveLength(1);
    expect(await statuses(t, 6)).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('is local, and says so in the metrics, without REDIS_URL', async () => {
    t = await createTestApp('sqlite', { config: { rateLimitPerMinute: LIMIT, redisUrl: null } });
    expect(await throttleSeries(t)).toContain('portal_throttle_shared{state="local"} 1');
  });
});
