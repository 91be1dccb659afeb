/**
 * What a bank's platform team meets in production, through the service's own answers and logs: the client address as
 * its proxy saw it, request IDs and one log line per request, a database that refuses writes, a browser opening a page
 * while the database is away, an outage logged once per cause rather than per request, and instances that start
 * together on an empty database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Paths } from '@portal/contract';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrap } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import {
  DIALECTS,
  TEST_DATABASE_URL,
  TEST_PORTAL_SECRET,
  createTestApp,
  expectErrorShape,
  keptLog,
  signInSequence,
  type TestApp,
  type TestAppOverrides,
  withPgClient,
  dropSchema,
} from './harness.js';
import { TcpProxy } from './tcp-proxy.js';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});
const start = async (dialect: 'sqlite' | 'postgres', overrides: TestAppOverrides = {}) => {
  const app = await createTestApp(dialect, overrides);
  apps.push(app);
  return app;
};

describe('TRUST_PROXY', () => {
  it('takes a hop count or the proxies’ addresses and CIDRs, and names a bad value', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1' }).trustProxy).toBe('10.0.0.0/8,192.168.1.7,::1');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const bad of ['maybe', '10.0.0.0/40', 'proxy.bank.example'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY must be false, a number of proxy hops/);
  });

  it('is never set to true by the operations guide, whose "Behind a proxy" says never to', () => {
    const guide = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
    const told = [...guide.matchAll(/TRUST_PROXY=([^\s`;,)]+)/g)].map(([, value]) => value!);
    expect(told.length).toBeGreaterThanOrEqual(3);
    for (const value of told) expect(loadConfig({ TRUST_PROXY: value }).trustProxy, value).not.toBe(true);
  });

  // haproxy and nginx append the address they saw to whatever X-Forwarded-For the client sent.
  it.each([
    ['a hop count', 1],
    ['the proxy’s address', '10.1.2.3'],
    ['the proxies’ network', '10.0.0.0/8'],
  ])(
    'behind one proxy, trusting %s, a client cannot choose its own address to escape the throttle',
    async (_, trust) => {
      const t = await start('sqlite', { config: { rateLimitPerMinute: 2, trustProxy: trust } });
      const proxy = t.client({ remoteAddress: '10.1.2.3' });
      const call = (forwarded: string) =>
        proxy.get(`${Paths.loginInfo}?username=someone`, { headers: { 'x-forwarded-for': forwarded } });
      expect((await call('203.0.113.9')).statusCode).toBe(200);
      expect((await call('203.0.113.9')).statusCode).toBe(200);
      expectErrorShape(await call('203.0.113.9'), 429, 'throttled');
      for (let forged = 1; forged <= 8; forged += 1)
        expectErrorShape(await call(`198.51.100.${forged}, 203.0.113.9`), 429, 'throttled');
      // Another real client behind the same proxy is not held back.
      expect((await call('203.0.113.10')).statusCode).toBe(200);
    },
  );
});

describe('request IDs and the request log', () => {
  it('writes one line per request with its ID, client address, route pattern, status and time, and returns the ID', async () => {
    const { lines, logger } = keptLog();
    const t = await start('sqlite', { logger, config: { trustProxy: 1 } });
    const client = t.client({ remoteAddress: '10.1.2.3' });
    const given = await client.get(`${Paths.loginInfo}?username=secret-user`, {
      headers: { 'x-request-id': 'haproxy-4f2a:77', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(given.headers['x-request-id']).toBe('haproxy-4f2a:77');
    const made = await client.get('/healthz', { headers: { 'x-request-id': 'bad id\nwith a line break' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    await expect.poll(() => lines.filter((line) => line.reqId === 'haproxy-4f2a:77')).toHaveLength(1);
    expect(lines.find((line) => line.reqId === 'haproxy-4f2a:77')).toMatchObject({
      ip: '203.0.113.9',
      method: 'GET',
      route: Paths.loginInfo,
      path: Paths.loginInfo,
      status: 200,
      ms: expect.any(Number),
    });
    expect(lines.filter((line) => line.reqId === made.headers['x-request-id'])).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain('secret-user');
  });
});

describe('security events', () => {
  it('are log lines of their own: a refused sign-in, the lock, a throttled call, a refused anti-forgery token', async () => {
    const { lines, logger } = keptLog();
    const t = await start('sqlite', { logger, config: { rateLimitPerMinute: 20 } });
    const attacker = t.client({ remoteAddress: '203.0.113.66' });
    for (let i = 0; i < 6; i += 1) await signInSequence(attacker, 'demopass', `Wrong-Guess-${i}-2026`);
    await attacker.post(Paths.sendLogin, { form: { username: 'x', password: 'y' }, csrf: false });
    for (let i = 0; i < 30; i += 1) await attacker.get(`${Paths.loginInfo}?username=demopass`);

    const events = () => lines.filter((line) => line.security);
    await expect.poll(() => events().some((line) => line.security === 'throttled')).toBe(true);
    const kinds = events().map((line) => line.security);
    expect(kinds.filter((kind) => kind === 'signin.failure')).toHaveLength(6);
    expect(kinds.filter((kind) => kind === 'account.locked')).toHaveLength(1);
    expect(kinds).toContain('csrf.refused');
    for (const line of events()) expect(line).toMatchObject({ level: 40, ip: '203.0.113.66' });
    expect(JSON.stringify(lines)).not.toMatch(/Wrong-Guess/);
  });
});

describe('security event lines', () => {
  it("join the request's line and the proxy's log: the request ID, the user ID and the user agent", async () => {
    const { lines, logger } = keptLog();
    const t = await start('sqlite', { logger, config: { rateLimitPerMinute: 20, trustProxy: 1 } });
    const agent = 'Mozilla/5.0 (X11; Linux x86_64) StuffingKit/2.1';
    const attacker = t.client({ remoteAddress: '10.1.2.3', headers: { 'user-agent': agent } });
    let hop = 0;
    const viaProxy = () => ({ 'x-forwarded-for': '203.0.113.66', 'x-request-id': `haproxy-${(hop += 1)}` });
    for (let i = 0; i < 6; i += 1) await signInSequence(attacker, 'demopass', `Wrong-Guess-${i}-2026`);
    await attacker.post(Paths.sendLogin, { form: { username: 'x', password: 'y' }, csrf: false, headers: viaProxy() });
    for (let i = 0; i < 30; i += 1) await attacker.get(`${Paths.loginInfo}?username=demopass`, { headers: viaProxy() });

    await expect.poll(() => lines.some((line) => line.security === 'throttled')).toBe(true);
    const requestLine = (reqId: unknown) => lines.find((line) => line.reqId === reqId && line.status !== undefined);
    const events = lines.filter((line) => line.security);
    const onAccount = events.filter((line) => ['signin.failure', 'account.locked'].includes(String(line.security)));
    expect(onAccount).toHaveLength(7);
    for (const line of onAccount) {
      expect(line).toMatchObject({ userId: 'demopass', accountId: expect.any(String), userAgent: agent });
      expect(requestLine(line.reqId)).toMatchObject({ route: Paths.sendLogin, ip: line.ip });
    }
    for (const line of events.filter((line) => ['throttled', 'csrf.refused'].includes(String(line.security)))) {
      expect(line).toMatchObject({ reqId: expect.stringMatching(/^haproxy-\d+$/), userAgent: agent });
      expect(requestLine(line.reqId)).toMatchObject({ ip: '203.0.113.66' });
    }
  });
});

describe.runIf(DIALECTS.includes('postgres'))('postgres: instances started together on an empty database', () => {
  it('all start, and the demo users exist once', async () => {
    const schema = `t_${randomBytes(8).toString('hex')}`;
    await withPgClient((client) => client.query(`create schema ${schema}`));
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-bootstrap-'));
    const config = loadConfig({
      DATABASE_URL: TEST_DATABASE_URL!,
      DATA_DIR: dataDir,
      PORTAL_SECRET: TEST_PORTAL_SECRET,
    });
    const databases = [1, 2, 3].map(() => openDatabase({ databaseUrl: TEST_DATABASE_URL!, dataDir, schema }));
    try {
      const started = await Promise.allSettled(databases.map((database) => bootstrap(config, database, () => {})));
      expect(started.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      expect(started.filter((s) => s.status === 'fulfilled' && s.value.seeded)).toHaveLength(1);
      const { count } = await databases[0]!.db
        .selectFrom('account')
        .select((e) => e.fn.countAll<number>().as('count'))
        .where('user_id', '=', 'demopass')
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(1);
    } finally {
      for (const database of databases) await database.close();
      await dropSchema(schema);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('sqlite: a database that refuses writes (a full disk)', () => {
  it('answers a sign-in 503 in the error shape, fails readiness until writes work again, and carries on', async () => {
    const t = await start('sqlite');
    expect((await t.client().get('/readyz')).statusCode).toBe(200);
    // What a full disk or a read-only file does to every write, without filling this machine's disk.
    await sql`pragma query_only = on`.execute(t.database.db);

    const refused = await signInSequence(t.client(), 'demopass');
    const [item] = expectErrorShape(refused, 503, 'unavailable');
    expect(item!.message).toBe('A system error occurred. Please try again later');
    expect((await t.client().get('/readyz')).json()).toEqual({ status: 'unavailable' });
    expect((await t.client().get('/healthz')).statusCode).toBe(200);

    await sql`pragma query_only = off`.execute(t.database.db);
    expect((await t.client().get('/readyz')).json()).toEqual({ status: 'ready' });
    expect((await signInSequence(t.client(), 'demopass')).statusCode).toBe(200);
  });
});

describe.runIf(DIALECTS.includes('postgres'))('postgres: while the database is away', () => {
  let proxy: TcpProxy | undefined;
  afterEach(async () => {
    await proxy?.open();
  });
  const startThroughProxy = async (logger?: TestAppOverrides['logger']) => {
    const target = new URL(TEST_DATABASE_URL!);
    proxy = await new TcpProxy(target.hostname, Number(target.port || 5432)).open();
    target.host = `127.0.0.1:${proxy.port}`;
    return start('postgres', { databaseUrl: target.toString(), ...(logger ? { logger } : {}) });
  };

  it('a browser opening a page gets the system error as a page in its language, 503, and the page again after', async () => {
    const t = await startThroughProxy();
    const page = `/public-portal-ui/login-signin-component?cobrandHost=larchmere`;
    expect((await t.client().get(page, { browser: true })).statusCode).toBe(200);
    // The cobrand cache would answer for a while: the test clears it as its expiry would.
    await proxy!.cut();
    t.clock.advance(60_000);
    const opened = await t.client().get(page, { browser: true, headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(opened.statusCode).toBe(503);
    expect(opened.headers['content-type']).toMatch(/^text\/html/);
    expect(opened.body).toContain('<html lang="de">');
    expect(opened.body).toContain('Ein Systemfehler ist aufgetreten. Bitte versuchen Sie es später erneut');
    expect(opened.body).toContain(`href="${page.replace('&', '&amp;')}"`);
    expect(opened.body).not.toMatch(/<script/);
    // The page's own calls still get the error shape.
    expectErrorShape(await t.client().get(`${Paths.loginInfo}?username=demopass`), 503, 'unavailable');

    await proxy!.open();
    await expect.poll(async () => (await t.client().get(page, { browser: true })).statusCode).toBe(200);
  });

  it('logs one error per cause and interval, not one per refused request', async () => {
    const { lines, logger } = keptLog();
    const t = await startThroughProxy(logger);
    await proxy!.cut();
    for (let i = 0; i < 40; i += 1) await t.client().get(`${Paths.loginInfo}?username=demopass${i}`);
    for (let i = 0; i < 10; i += 1) await t.client().get('/readyz');
    const errors = lines.filter((line) => (line.level as number) >= 50);
    // The first refused request meets the dropped connection, the rest a refused one: a line for each cause.
    const causes = errors.map((line) => line.cause);
    expect(new Set(causes).size, JSON.stringify(causes)).toBe(causes.length);
    expect(errors.length).toBeLessThanOrEqual(2);
    for (const line of errors)
      expect(line).toMatchObject({ part: 'database', msg: expect.stringMatching(/^database unavailable: /) });
    // Every request still has its own access line (503).
    expect(lines.filter((line) => line.status === 503)).toHaveLength(50);
  });
});
