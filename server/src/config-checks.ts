/**
 * Settings config.ts reads that need a check of their own: the hash queue's concurrency, the proxies believed, the
 * bank's token server.
 */
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';

/** libuv's own pool size when UV_THREADPOOL_SIZE is not set (the entry, server/start.cjs, sets it). */
const NODE_POOL_SIZE = 4;

/**
 * argon2 at once: HASH_CONCURRENCY, or one a core. At least one thread of Node's pool stays beside it for the file
 * system and DNS, or a login storm holds every page file behind the verifies again (docs/operations.md, "Login
 * storms"): a setting that leaves none is refused, and the default is kept below the pool.
 */
export function hashConcurrencyOf(configured: number, poolSetting: string | undefined, problems: string[]): number {
  const pool = Number(poolSetting) > 0 ? Number(poolSetting) : NODE_POOL_SIZE;
  if (configured === 0) return Math.max(1, Math.min(availableParallelism(), pool - 1));
  if (configured >= pool)
    problems.push(
      `HASH_CONCURRENCY must be below UV_THREADPOOL_SIZE (${pool}), so that the file system and DNS never wait behind password verifies; lower it or raise UV_THREADPOOL_SIZE (got "${configured}")`,
    );
  return configured;
}

/** TRUST_PROXY as Fastify takes it: a switch, a hop count, or the proxies' addresses and CIDRs. */
export function trustProxyOf(raw: string, problems: string[]): boolean | number | string {
  const word = raw.toLowerCase();
  if (['true', 'yes', 'on'].includes(word)) return true;
  if (['false', 'no', 'off'].includes(word)) return false;
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  const proxies = raw.split(',').map((entry) => entry.trim());
  const valid = ([address = '', bits]: string[]) =>
    isIP(address) !== 0 &&
    (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128)));
  if (proxies.every((proxy) => valid(proxy.split('/')))) return proxies.join(',');
  problems.push(
    `TRUST_PROXY must be false, a number of proxy hops (1 for one proxy of your own), or the proxies' addresses and CIDRs separated by commas (got "${raw}")`,
  );
  return false;
}

/** Where token users' PIN and tokencode are checked, for the cobrands whose catalogue record names no token server. */
export type TokenServerSettings = { protocol: 'builtin' } | { protocol: 'radius'; servers: string; secret: string };

/** The bank's token server: the portal's own, or RADIUS, which needs its servers and shared secret. */
export function tokenServerOf(
  e: { TOKEN_BACKEND: string; RADIUS_SERVERS?: string | undefined; RADIUS_SECRET?: string | undefined },
  problems: string[],
): TokenServerSettings {
  if (e.TOKEN_BACKEND === 'builtin') return { protocol: 'builtin' };
  if (!e.RADIUS_SERVERS)
    problems.push('RADIUS_SERVERS must name the token server (host:port) when TOKEN_BACKEND=radius');
  if (!e.RADIUS_SECRET) problems.push('RADIUS_SECRET must hold the shared secret when TOKEN_BACKEND=radius');
  return { protocol: 'radius', servers: e.RADIUS_SERVERS ?? '', secret: e.RADIUS_SECRET ?? '' };
}
