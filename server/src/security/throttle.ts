/**
 * Per-client-address throttling of the sign-in, recovery and logging calls, on top of the per-account lock. With
 * REDIS_URL the instances count together in Redis (@fastify/rate-limit's store), so the limit holds across all of
 * them; without it each instance counts alone, and N instances allow N times the limit, which the lock bounds.
 */
export type RouteThrottle = { rateLimit: { max: number; timeWindow: number } | false };

export const routeThrottle = (perMinute: number): RouteThrottle => ({
  rateLimit: perMinute > 0 ? { max: perMinute, timeWindow: 60_000 } : false,
});

/**
 * How the per-address throttle counts now: `shared` in Redis across instances, `off` while REDIS_URL's Redis is away
 * (calls go through), `local` in this instance alone (no REDIS_URL). The metrics show it (portal_throttle_shared).
 */
export type ThrottleState = 'shared' | 'off' | 'local';

type Log = { warn(message: string): void; info(message: string): void };

/**
 * The rate-limit plugin's store options for REDIS_URL, how to close its connection, and the throttle's state. Redis
 * being away lets calls through (logged once) rather than refusing every sign-in: the per-account lock still bounds
 * guessing. Its return is logged once too.
 */
export async function sharedThrottle(redisUrl: string | null, log: Log) {
  if (!redisUrl) return { options: {}, close: async () => undefined, state: (): ThrottleState => 'local' };
  // Loaded only with REDIS_URL: an idle instance holds the code it loads (docs/benchmarks.md, figure 5).
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let told = false;
  redis.on('error', (error: Error) => {
    if (!told)
      log.warn(`The shared throttle cannot reach Redis (${error.message}); calls are not throttled meanwhile.`);
    told = true;
  });
  redis.on('ready', () => {
    if (told) log.info('The shared throttle reaches Redis again; calls are throttled across instances.');
    told = false;
  });
  // Calls wait for nothing once the service runs; at start it waits a moment for Redis, so they count from the first.
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, 2_000);
    redis.once('ready', done);
    redis.once('error', done);
  });
  return {
    options: { redis, nameSpace: 'portal-throttle:', skipOnError: true },
    close: async () => {
      redis.disconnect();
    },
    state: (): ThrottleState => (redis.status === 'ready' ? 'shared' : 'off'),
  };
}
