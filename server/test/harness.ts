/**
 * Shared setup of the API tests: one fresh service per test on SQLite (always) and PostgreSQL (when
 * TEST_DATABASE_URL is set), a controllable clock, and a client that keeps cookies like a browser.
 *
 * Usage, in every API test file (Kysely's "one suite per database"):
 *   for (const dialect of DIALECTS) describe(dialect, () => { ... createTestApp(dialect) ... });
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { CSRF_COOKIE, Paths, REQUEST_HEADERS } from '@portal/contract';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse as Response } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { serverBuildIsCurrent } from '../../scripts/build-if-stale.mjs';
import { TestSmtpServer } from './smtp.js';
import { buildApp, loggerOptions } from '../src/app.js';
import { bootstrap } from '../src/bootstrap.js';
import { MIGRATION_LOCK } from '../src/db/migration-transaction.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Dialect, type PortalDatabase } from '../src/db/database.js';
import { DEMO_PASSWORD } from '../src/demo-users.js';
import { cookiePolicy } from '../src/http/session-cookies.js';

export type { Dialect };

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || null;

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (an unreachable one fails the tests, never skips). */
export const DIALECTS: readonly Dialect[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** A fixed secret, so the tests never write a generated one and every run derives the same keys. */
export const TEST_PORTAL_SECRET = 'test-portal-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

/** The session cookie's name under the test configuration (plain-HTTP public origin, so no `__Host-` prefix). */
export const SESSION_COOKIE = cookiePolicy(false).sessionCookie;

/** A clock the test moves by hand; the service reads it through `clock.now`. */
export class TestClock {
  private current: number;

  constructor(start = Date.UTC(2026, 10, 21, 10, 0, 0)) {
    this.current = start;
  }

  readonly now = (): number => this.current;

  advance(ms: number): number {
    this.current += ms;
    return this.current;
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: PortalDatabase;
  config: Config;
  clock: TestClock;
  dialect: Dialect;
  /** A new browser-like client of this app. */
  client(options?: ClientOptions): TestClient;
  close(): Promise<void>;
}

export interface TestAppOverrides {
  config?: Partial<Config>;
  clock?: TestClock;
  /** Fastify's logger option; silent unless a test reads the logs. */
  logger?: FastifyServerOptions['logger'];
  /** Another instance of the service on the same PostgreSQL schema (scale-out); that app owns the schema. */
  sameDatabaseAs?: TestApp;
  /** Where the service reaches PostgreSQL, e.g. through a proxy a test can cut. */
  databaseUrl?: string;
  /**
   * The database of `databaseUrl` is the test's alone, and the service works in its default schema: a pooler such as
   * PgBouncer passes on no per-connection schema.
   */
  ownDatabase?: boolean;
  /** The environment the identity providers' secrets are read from. */
  env?: Record<string, string | undefined>;
  /** Hears of an answer whose status its route's OpenAPI description does not declare. */
  onUndeclaredStatus?: (route: string, status: number) => void;
  /** Work on the database before the service starts (a changed catalogue record, say). */
  beforeStart?: (database: PortalDatabase) => Promise<void>;
}

export async function createTestApp(dialect: Dialect, overrides: TestAppOverrides = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dataDir, { recursive: true, force: true })];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step();
  };
  try {
    let schema: string | undefined = overrides.sameDatabaseAs?.database.schema;
    if (dialect === 'postgres' && !schema && !overrides.ownDatabase && !overrides.sameDatabaseAs) {
      if (!TEST_DATABASE_URL) throw new Error('The postgres dialect needs TEST_DATABASE_URL');
      schema = `t_${randomBytes(8).toString('hex')}`;
      await withPgClient((client) => client.query(`create schema ${schema}`));
      cleanups.push(async () => {
        await dropSchema(schema!);
      });
    }
    const config: Config = {
      ...loadConfig({
        DATA_DIR: dataDir,
        RATE_LIMIT_PER_MINUTE: '0',
        // A password sign-in from a new browser asks for a mailed code only in the tests of that step
        // (server/test/new-device-verification.test.ts), which turn it on.
        NEW_DEVICE_VERIFICATION: 'off',
        PORTAL_SECRET: TEST_PORTAL_SECRET,
        LOG_LEVEL: 'silent',
        ...(dialect === 'postgres' ? { DATABASE_URL: overrides.databaseUrl ?? TEST_DATABASE_URL! } : {}),
      }),
      ...overrides.config,
    };
    const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir, ...(schema ? { schema } : {}) });
    cleanups.push(() => database.close());
    const clock = overrides.clock ?? overrides.sameDatabaseAs?.clock ?? new TestClock();
    await bootstrap(config, database, () => {}, clock.now);
    await overrides.beforeStart?.(database);
    const app = await buildApp({
      ...{ config, database, clock: clock.now, logger: overrides.logger ?? false },
      ...(overrides.env ? { env: overrides.env } : {}),
      ...(overrides.onUndeclaredStatus ? { onUndeclaredStatus: overrides.onUndeclaredStatus } : {}),
    });
    cleanups.push(() => app.close());
    await app.ready();
    return {
      app,
      database,
      config,
      clock,
      dialect,
      client: (options) => new TestClient(app, options),
      close: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** A logger that keeps its JSON lines, parsed, for the tests that read what an operator reads. */
export function keptLog(level = 'info'): { lines: Record<string, unknown>[]; logger: FastifyServerOptions['logger'] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { ...(loggerOptions(level) as object), stream } };
}

/** A service whose log the test reads (`keptLog`, at debug), closed after `run`. */
export async function withLoggedApp(
  dialect: Dialect,
  overrides: TestAppOverrides,
  run: (t: TestApp, lines: Record<string, unknown>[]) => Promise<void>,
): Promise<void> {
  const { lines, logger } = keptLog('debug');
  const t = await createTestApp(dialect, { ...overrides, logger });
  try {
    await run(t, lines);
  } finally {
    await t.close();
  }
}

/** A fresh service for each test (for tests that change what the next would see), handed to `use` before each. */
export function useFreshTestApp(dialect: Dialect, overrides: TestAppOverrides, use: (app: TestApp) => void): void {
  let app: TestApp | undefined;
  beforeEach(async () => {
    app = await createTestApp(dialect, overrides);
    use(app);
  });
  afterEach(async () => {
    await app?.close();
  });
}

/** A fresh service for each test, sending its mail to a real SMTP server of its own on loopback. */
export function useMailTestApp(dialect: Dialect, use: (app: TestApp, smtp: TestSmtpServer) => void): void {
  let app: TestApp | undefined;
  let smtp: TestSmtpServer | undefined;
  beforeEach(async () => {
    smtp = await new TestSmtpServer().start();
    app = await createTestApp(dialect, { config: { smtpUrl: smtp.url } });
    use(app, smtp);
  });
  afterEach(async () => {
    await app?.close();
    await smtp?.stop();
  });
}

/**
 * One service for a whole describe block whose tests only read. Call the answer inside a test: it throws the setup's
 * error there, so an unreachable database fails every test instead of leaving them skipped.
 */
export function useSharedTestApp(dialect: Dialect, overrides: TestAppOverrides = {}): () => TestApp {
  let shared: TestApp | undefined;
  let failure: unknown;
  beforeAll(async () => {
    try {
      shared = await createTestApp(dialect, overrides);
    } catch (error) {
      failure = error;
    }
  });
  afterAll(async () => {
    await shared?.close();
  });
  return () => {
    if (!shared) throw failure ?? new Error('the shared test app is not set up');
    return shared;
  };
}

/** Waits until a service started as a process at `base` answers /readyz with 200 (its database answers). */
export async function untilReady(base: string): Promise<void> {
  await expect
    .poll(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status, { timeout: 20_000, interval: 100 })
    .toBe(200);
}

export async function withPgClient<T>(
  work: (client: pg.Client) => Promise<T>,
  connectionString = TEST_DATABASE_URL!,
): Promise<T> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test's schema under the migrations' lock: the migrator looks for its table in every schema it can see, and a
 * schema dropped while another test's migrations read the catalogue fails them ("schema ... does not exist").
 */
export async function dropSchema(schema: string): Promise<void> {
  await withPgClient(async (client) => {
    await client.query('begin');
    await client.query(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.query('commit');
  });
}

export interface ClientOptions {
  /** The client's address as the service sees it (for throttling per address). */
  remoteAddress?: string;
  /** Another client's cookie jar, shared: one browser talking to several instances behind a load balancer. */
  cookies?: Map<string, string>;
  /** Headers every request of this client sends (a browser's User-Agent). */
  headers?: Record<string, string>;
  /** The anti-forgery token's cookie it echoes: `sec-token` (the public listener's) unless named (the console's). */
  csrfCookie?: string;
}

export interface RequestOptions {
  headers?: Record<string, string | undefined>;
  /** Form-encoded body (§7 send-login). */
  form?: Record<string, string>;
  /** JSON body (any JSON value, e.g. a bare string). */
  json?: unknown;
  /** A raw body; give its content-type in `headers`. */
  payload?: string | Buffer;
  /** Send the sec-token cookie back in X-XSRF-TOKEN on non-GET requests, as the web app does (default true). */
  csrf?: boolean;
  /** A browser navigation rather than the web app's XHR: no X-Requested-With, Accept prefers HTML. */
  browser?: boolean;
}

/**
 * A browser-like client over app.inject: keeps the cookies the service sets (and drops the ones it clears),
 * sends §7's headers, and echoes the sec-token cookie in X-XSRF-TOKEN on non-GET requests.
 */
export class TestClient {
  readonly cookies: Map<string, string>;

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: ClientOptions = {},
  ) {
    this.cookies = options.cookies ?? new Map<string, string>();
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  get sessionCookie(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  get csrfToken(): string | undefined {
    return this.cookies.get(this.options.csrfCookie ?? CSRF_COOKIE);
  }

  get(url: string, options: RequestOptions = {}): Promise<Response> {
    return this.request('GET', url, options);
  }

  /** What a portal page does as it loads (§7's pre-step): the logout address answers 204 and an anonymous sec-token. */
  async openPage(): Promise<this> {
    const response = await this.get(Paths.logout);
    if (response.statusCode !== 204 || !this.csrfToken)
      throw new Error(`the pre-step answered ${response.statusCode} and no sec-token`);
    return this;
  }

  post(url: string, options: RequestOptions = {}): Promise<Response> {
    return this.request('POST', url, options);
  }

  async request(method: InjectOptions['method'], url: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = options.browser
      ? { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }
      : { 'x-requested-with': REQUEST_HEADERS['X-Requested-With'], accept: REQUEST_HEADERS.Accept };
    Object.assign(headers, this.options.headers);
    let payload: string | Buffer | undefined = options.payload;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.json);
    }
    const safe = method === 'GET' || method === 'HEAD';
    const token = this.csrfToken;
    if (!safe && options.csrf !== false && token) headers['x-xsrf-token'] = token;
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === undefined) delete headers[name.toLowerCase()];
      else headers[name.toLowerCase()] = value;
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
      ...(this.options.remoteAddress ? { remoteAddress: this.options.remoteAddress } : {}),
    });
    this.store(response);
    return response;
  }

  private store(response: Response): void {
    for (const cookie of response.cookies as SetCookie[]) {
      const cleared =
        cookie.value === '' ||
        (typeof cookie.maxAge === 'number' && cookie.maxAge <= 0) ||
        (cookie.expires instanceof Date && cookie.expires.getTime() <= Date.now());
      if (cleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

export interface SetCookie {
  name: string;
  value: string;
  expires?: Date;
  maxAge?: number;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
}

/** The cookies one answer sets (or clears), by name. */
export function setCookies(response: Response): Map<string, SetCookie> {
  return new Map((response.cookies as SetCookie[]).map((c) => [c.name, c]));
}

export function isCleared(cookie: SetCookie | undefined): boolean {
  if (!cookie) return false;
  return (
    cookie.value === '' ||
    (typeof cookie.maxAge === 'number' && cookie.maxAge <= 0) ||
    (cookie.expires instanceof Date && cookie.expires.getTime() <= Date.now())
  );
}

export interface LoginInfoAnswer {
  ldapId: string;
  loginType: string;
  b2BAlias: string;
}

/**
 * §7's sign-in sequence as the web app runs it: the logout pre-step, the login-info lookup, then send-login
 * (form-encoded, username = the ldapId the lookup answered). Answers send-login's response.
 */
export async function signInSequence(
  client: TestClient,
  userId: string,
  password: string = DEMO_PASSWORD,
  options: { loginType?: string; cobrandHost?: string } = {},
): Promise<Response> {
  await client.openPage();
  const info = await client.get(`${Paths.loginInfo}?${new URLSearchParams({ username: userId })}`);
  expect(info.statusCode, 'login info').toBe(200);
  const { ldapId, loginType } = info.json<LoginInfoAnswer>();
  const form: Record<string, string> = {
    username: ldapId,
    'login-form-type': options.loginType ?? loginType,
    password,
  };
  // The page's cobrand, as the sign-in page sends it; none: the default cobrand's page.
  if (options.cobrandHost !== undefined) form.cobrandHost = options.cobrandHost;
  return client.post(Paths.sendLogin, { form });
}

/** §7's next-token send-login, answering the attempt the service named in `location` (the next-token address). */
export function nextToken(client: TestClient, userId: string, password: string, location: string): Promise<Response> {
  const query = new URL(location, 'http://x').searchParams;
  return client.post(Paths.sendLogin, {
    form: {
      username: userId,
      'login-form-type': 'next-token',
      password,
      authn_attempt_id: query.get('authn_attempt_id') ?? '',
      in_response_to: query.get('in_response_to') ?? '',
      referral_path: query.get('referral_path') ?? '',
    },
  });
}

/** Asserts the spec's error shape `{ errors: [{ code, message, field? }] }` and answers its items. */
export function expectErrorShape(
  response: Response,
  status: number | readonly number[],
  code?: string,
): { code: string; message: string; field?: string }[] {
  if (typeof status === 'number') expect(response.statusCode, response.body).toBe(status);
  else expect(status, response.body).toContain(response.statusCode);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<{ errors: { code: string; message: string; field?: string }[] }>();
  expect(Array.isArray(body.errors)).toBe(true);
  expect(body.errors.length).toBeGreaterThan(0);
  for (const item of body.errors) {
    expect(typeof item.code).toBe('string');
    expect(typeof item.message).toBe('string');
    expect(item.message.length).toBeGreaterThan(0);
    if (item.field !== undefined) expect(typeof item.field).toBe('string');
  }
  if (code !== undefined) expect(body.errors[0]!.code).toBe(code);
  return body.errors;
}

/** An account as stored: only for proving "nothing changed" and reading counters. */
export async function accountRow(database: PortalDatabase, userId: string) {
  return database.db
    .selectFrom('account')
    .selectAll()
    .where('user_id_key', '=', userId.toLowerCase())
    .executeTakeFirstOrThrow();
}

/** The login-info answer for a user ID (and, on the way, a sec-token in the client's jar). */
export async function loginInfo(client: TestClient, userId: string): Promise<LoginInfoAnswer> {
  const response = await client.get(`${Paths.loginInfo}?${new URLSearchParams({ username: userId })}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoginInfoAnswer>();
}

/**
 * §7's recovery as the forgot-password screen runs it: the question for the user ID, then the answer to it. Answers
 * the temporary-password call's response.
 */
export async function answerSecurityQuestion(
  client: TestClient,
  userId: string,
  response: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  if (!client.csrfToken) await client.openPage();
  const question = await client.post(Paths.securityQuestions, { json: { userId, locale: 'en_US' } });
  expect(question.statusCode).toBe(200);
  const { questionId, questionText } = question.json<{ questionId: string; questionText: string }>();
  const securityQuestionSTO = { questionId, questionText, questionResponse: response };
  return client.post(Paths.temporaryPasswords, {
    json: { userId, locale: 'en_US', cobrandName: 'skerrymoor', securityQuestionSTO },
    headers,
  });
}

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

let bundleIsCurrent: boolean | undefined;

/**
 * Node's arguments that start the service's `entry` from server/: its bundle when no source is newer (as `npm test`
 * leaves it, having built first), which starts in a fraction of the time, else the source through tsx, so a test
 * never runs stale code.
 */
export function serverEntry(entry: 'cli' | 'main'): string[] {
  bundleIsCurrent ??= serverBuildIsCurrent();
  return bundleIsCurrent ? [`dist/${entry}.js`] : ['--import', 'tsx', `src/${entry}.ts`];
}

/** How the tests start the command line: from server/, on the SQLite database in `dataDir` unless `env` says. */
const cliOptions = (dataDir: string, env: Record<string, string>) => ({
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORTAL_SECRET: TEST_PORTAL_SECRET,
    DATABASE_URL: '',
    NODE_ENV: 'production',
    ...env,
  },
});

/** `npm run portal -- <args>` as an administrator runs it, on the SQLite database in `dataDir`. */
export function portalCli(dataDir: string, args: string[], env: Record<string, string> = {}): CliRun {
  const result = spawnSync(process.execPath, [...serverEntry('cli'), ...args], {
    ...cliOptions(dataDir, env),
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The same, while the test does something else (takes the database away): resolves when the command ends. */
export function portalCliRunning(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const child = spawn(process.execPath, [...serverEntry('cli'), ...args], cliOptions(dataDir, env));
  const stdout: string[] = [];
  const stderr: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (status) => resolve({ status, stdout: stdout.join(''), stderr: stderr.join('') })),
  );
}
