/**
 * Per-client-address throttling of the sign-in, recovery and logging calls, on top of the per-account lock.
 * The counters are per instance: with N instances a client gets at most N times the limit, which the lock bounds.
 */
export type RouteThrottle = { rateLimit: { max: number; timeWindow: number } | false };

export const routeThrottle = (perMinute: number): RouteThrottle => ({
  rateLimit: perMinute > 0 ? { max: perMinute, timeWindow: 60_000 } : false,
});
