/**
 * Figure 12's measurements: each user lookup of the admin API and SCIM on a database of `small` users and on one of
 * `large`, on SQLite and on PostgreSQL, in one process. Each database is migrated by the service and filled by the
 * database itself (lookup-users.ts); each gets the service's own admin listener (buildAdminApp: keys, throttle,
 * per-call audit, the operator's services, SCIM), called through Fastify's inject, so a time is all the service does
 * for the call, without a network. The two sizes alternate call by call, so both see the same moments of a shared
 * machine.
 *
 * Run: node --import tsx bench/lib/lookups.ts <small> <large> <rounds> <postgres URL or "none">
 * Prints JSON: per database, per size, how long the fill took, and each lookup's times in ms.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildAdminApp } from '../../server/src/admin-app.js';
import { ApiKeys } from '../../server/src/admin/index.js';
import { loadConfig } from '../../server/src/config.js';
import { AuditLog } from '../../server/src/db/audit-log.js';
import type { PortalDatabase } from '../../server/src/db/database.js';
import { deriveKeys } from '../../server/src/security/portal-secret.js';
import { benchDatabase } from './bench-database.js';
import { fillUsers, lookupCobrand, lookupEmail, lookupUserId } from './lookup-users.js';

const [smallArg, largeArg, roundsArg, postgresUrl] = process.argv.slice(2);
const SECRET = 'benchmarks-only-secret-0123456789abcdef';
const rounds = Number(roundsArg);
const sizes = [Number(smallArg), Number(largeArg)];

interface Lookup {
  name: string;
  key: 'all' | 'one';
  /** The path for a database of n users, and what must come back. */
  path: (n: number) => string;
  /** Called once, untimed, before the timed calls. */
  before?: (n: number) => string;
  /** Timed once only: the first call is the measure. */
  once?: boolean;
}

/** A user in the middle of the table, of the cobrand the key of one cobrand has (lookup05: i mod 23 is 5). */
const middle = (n: number) => Math.floor(n / 2 / 23) * 23 + 5;
/** 90 % of the way through a list of n users, as a startIndex of SCIM's pages of 100. */
const farIn = (n: number) => Math.floor((0.9 * n) / 100) * 100 + 1;
const scim = (filter: string) => `/scim/v2/Users?filter=${encodeURIComponent(filter)}`;

const LOOKUPS: Lookup[] = [
  {
    name: 'admin API: email (another case)',
    key: 'all',
    path: (n) => `/admin/v1/users?email=${lookupEmail(middle(n)).toLowerCase()}`,
  },
  { name: 'admin API: status=locked', key: 'all', path: () => '/admin/v1/users?status=locked' },
  {
    name: 'admin API: name (a prefix, another case)',
    key: 'all',
    path: (n) => `/admin/v1/users?name=${encodeURIComponent(`FIRST ${lookupUserId(middle(n)).slice(0, 6)}`)}`,
  },
  {
    name: 'admin API, a key of one cobrand: name',
    key: 'one',
    path: (n) => `/admin/v1/users?name=${encodeURIComponent(`first ${lookupUserId(middle(n)).slice(0, 6)}`)}`,
  },
  { name: 'admin API: status=inactive', key: 'all', path: () => '/admin/v1/users?status=inactive' },
  { name: 'admin API: loginType=token', key: 'all', path: () => '/admin/v1/users?loginType=token' },
  { name: 'admin API: cobrand', key: 'all', path: () => `/admin/v1/users?cobrand=${lookupCobrand(5)}` },
  { name: 'admin API: a page 90 % in (cursor)', key: 'all', path: (n) => `/admin/v1/users?cursor=${keyAt(n)}` },
  {
    name: 'admin API, a key of one cobrand: status=inactive',
    key: 'one',
    path: () => '/admin/v1/users?status=inactive',
  },
  {
    name: 'SCIM: emails.value eq (another case)',
    key: 'all',
    path: (n) => scim(`emails.value eq "${lookupEmail(middle(n)).toUpperCase()}"`),
  },
  { name: 'SCIM: externalId eq', key: 'all', path: (n) => scim(`externalId eq "ext-${middle(n)}"`) },
  { name: 'SCIM: userName eq', key: 'all', path: (n) => scim(`userName eq "${lookupUserId(middle(n))}"`) },
  { name: 'SCIM: active eq true', key: 'all', path: () => scim('active eq true') },
  { name: 'SCIM: active eq false', key: 'all', path: () => scim('active eq false') },
  { name: 'SCIM: the list, first page', key: 'all', path: () => '/scim/v2/Users' },
  {
    name: 'SCIM: the list, the page 90 % in after the one before it',
    key: 'all',
    before: (n) => `/scim/v2/Users?startIndex=${farIn(n) - 100}`,
    path: (n) => `/scim/v2/Users?startIndex=${farIn(n)}`,
  },
  { name: 'SCIM, a key of one cobrand: the list', key: 'one', path: () => '/scim/v2/Users' },
  { name: 'SCIM, a key of one cobrand: active eq false', key: 'one', path: () => scim('active eq false') },
  {
    // A listing no page 90 % in was read of (its first page was, above): every row before it is walked by key.
    name: 'SCIM: active eq true, a jump 90 % in (once: the first such call)',
    key: 'all',
    path: (n) => `${scim('active eq true')}&startIndex=${farIn(n)}`,
    once: true,
  },
];

/** The user ID key 90 % of the way through the table, for the admin API's cursor (n is the table's size). */
const keys90 = new Map<number, string>();
const keyAt = (n: number) => keys90.get(n)!;

interface Prepared {
  n: number;
  database: PortalDatabase;
  app: FastifyInstance;
  keys: Record<'all' | 'one', string>;
  fillSeconds: number;
  cleanup: () => Promise<void>;
}

async function prepare(dialect: 'sqlite' | 'postgres', n: number): Promise<Prepared> {
  const { database, dataDir, url, drop } = await benchDatabase(dialect, postgresUrl, 'lookups');
  const started = performance.now();
  if (dialect === 'sqlite') {
    // Bulk-load settings for the fill only; the service's own are set again after it.
    await sql`pragma synchronous = off`.execute(database.db);
    await sql`pragma cache_size = -1000000`.execute(database.db);
  }
  // In slices, so that no statement holds more than a few hundred thousand rows.
  for (let from = 1; from <= n; from += 250_000)
    await fillUsers(database.db, dialect, Math.min(n, from + 249_999), from);
  if (dialect === 'sqlite') {
    await sql`pragma synchronous = normal`.execute(database.db);
    await sql`pragma cache_size = -16000`.execute(database.db);
  } else await sql`vacuum analyze account`.execute(database.db);
  const fillSeconds = (performance.now() - started) / 1000;
  const { user_id_key: key } = await database.db
    .selectFrom('account')
    .select('user_id_key')
    .orderBy('user_id_key')
    .offset(Math.floor(0.9 * n))
    .limit(1)
    .executeTakeFirstOrThrow();
  keys90.set(n, key);
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: url ?? '',
    PORTAL_SECRET: SECRET,
    ADMIN_RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
  });
  const app = await buildAdminApp({ config, database });
  const apiKeys = new ApiKeys(database.db, deriveKeys(SECRET).apiKey, Date.now);
  const audit = new AuditLog(database.db, Date.now);
  const origin = { actor: 'cli:bench' };
  const keys = {
    all: await apiKeys.create({ name: 'operations', scopes: ['users:read', 'scim'], cobrands: [] }, audit, origin),
    one: await apiKeys.create(
      { name: 'bank', scopes: ['users:read', 'scim'], cobrands: [lookupCobrand(5)] },
      audit,
      origin,
    ),
  };
  const cleanup = async () => {
    await app.close();
    await drop();
  };
  return { n, database, app, keys, fillSeconds, cleanup };
}

/** The users an answer holds. */
const found = (body: { users?: unknown[]; Resources?: unknown[] }) => (body.users ?? body.Resources)?.length ?? 0;

/** One call's time in ms; the answer must be a 200 with at least one user. */
async function timed(target: Prepared, lookup: Lookup, path: string): Promise<{ ms: number; users: number }> {
  const started = performance.now();
  const answer = await target.app.inject({
    url: path,
    headers: { authorization: `Bearer ${target.keys[lookup.key]}` },
  });
  const ms = performance.now() - started;
  const users = found(answer.json() as { users?: unknown[]; Resources?: unknown[] });
  if (answer.statusCode !== 200 || !users)
    throw new Error(`${lookup.name} on ${target.n} users answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
  return { ms, users };
}

/**
 * The path on each database, asking for as many users as the smallest finds (up to a page): a call's work grows with
 * the users it answers (SCIM's above all), so both answer as many, and the ratio is the lookup's.
 */
async function sized(prepared: Prepared[], lookup: Lookup): Promise<{ paths: string[]; page: number }> {
  const paths = prepared.map((target) => lookup.path(target.n));
  const { users } = await timed(prepared[0]!, lookup, paths[0]!);
  const page = paths[0]!.startsWith('/scim/') ? 100 : 50;
  if (lookup.once || users >= page) return { paths, page };
  const size = `${paths[0]!.startsWith('/scim/') ? 'count' : 'limit'}=${users}`;
  return { paths: paths.map((path) => `${path}${path.includes('?') ? '&' : '?'}${size}`), page: users };
}

async function measure(dialect: 'sqlite' | 'postgres') {
  const prepared: Prepared[] = [];
  try {
    for (const n of sizes) prepared.push(await prepare(dialect, n));
    const lookups = [];
    for (const lookup of LOOKUPS) {
      const { paths, page } = await sized(prepared, lookup);
      for (const [t, target] of prepared.entries()) {
        if (lookup.before) await timed(target, lookup, lookup.before(target.n));
        // Untimed, except the lookup timed once: its first call is the measure.
        if (!lookup.once) for (let i = 0; i < 3; i += 1) await timed(target, lookup, paths[t]!);
      }
      const ms = prepared.map((): number[] => []);
      // How long each call held the thread at once: the longest the event loop waited during it. A monitor of its
      // own for each call: a monitor enabled again would count the time it was off as a wait.
      const stalls = prepared.map((): number[] => []);
      const held = prepared.map((): number | null => null);
      for (let round = 0; round < (lookup.once ? 1 : rounds); round += 1) {
        const order = round % 2 ? [...prepared.keys()].reverse() : [...prepared.keys()];
        for (const t of order) {
          const monitor = monitorEventLoopDelay({ resolution: 1 });
          monitor.enable();
          ms[t]!.push((await timed(prepared[t]!, lookup, paths[t]!)).ms);
          // The monitor's timer sees the stall only once the loop turns again.
          await new Promise((resolve) => setTimeout(resolve, 3));
          monitor.disable();
          stalls[t]!.push(monitor.max / 1e6);
          // A call timed once is a long one (a jump): how long its statements held the thread, most of them.
          if (lookup.once) held[t] = monitor.percentile(99) / 1e6;
        }
      }
      lookups.push({
        name: lookup.name,
        once: Boolean(lookup.once),
        page,
        ms,
        stallMs: stalls,
        heldP99Ms: held,
      });
    }
    return { fillSeconds: prepared.map((p) => p.fillSeconds), lookups };
  } finally {
    for (const target of prepared) await target.cleanup();
  }
}

const result: Record<string, unknown> = { sizes, rounds, sqlite: await measure('sqlite') };
if (postgresUrl && postgresUrl !== 'none') result.postgres = await measure('postgres');
process.stdout.write(JSON.stringify(result));
