/**
 * Configuration from the environment, declared once as a schema (every variable's type, range and default) and
 * validated once at start, with one clear message per bad value.
 */
import { hashConcurrencyOf, tokenServerOf, type TokenServerSettings, trustProxyOf } from './config-checks.js';
import { accessSync, constants } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { RADIUS_SERVERS_PATTERN } from '@portal/contract/schemas';
import { securityTxtOf, type SecurityTxt } from './security-txt-config.js';
import { SIEM_ENVIRONMENT, siemOf, type SiemConfig } from './siem-config.js';
import type { OidcSettings } from './sso/index.js';
import { staffIdpOf } from './staff-idp-config.js';
import {
  BREACHED_PASSWORDS_ENVIRONMENT,
  breachedPasswordSettings,
  type BreachedPasswordSettings,
} from './account/index.js';

/** How long a mailed temporary password works unless TEMPORARY_PASSWORD_MINUTES says (an operator's process too). */
export const TEMPORARY_PASSWORD_MINUTES = 30;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const MAILBOX = /^[^<>@\s]*(<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/;
/** `Name <address>` (any name) or a bare address. */
const isMailbox = (value: string) => MAILBOX.test(value.replace(/^.*?(?=<)/, '').trim() || value);

const whole = (fallback: number, minimum: number, maximum: number) =>
  Type.Integer({
    default: fallback,
    minimum,
    maximum,
    problem: `must be a whole number from ${minimum} to ${maximum}`,
  });
const onOff = (fallback: boolean) => Type.Boolean({ default: fallback, problem: 'must be true or false' });
/** A port of a listener apart from the service's own; empty turns the listener off. */
const portOrOff = (fallback: string, what: string, problem = `must be a port number for ${what}, or empty for none`) =>
  Type.String({ default: fallback, pattern: '^([0-9]{1,5})?$', problem });
const optional = (pattern: string, problem: string) => Type.Optional(Type.String({ pattern, problem }));

/** The environment the service reads. `problem` is what a bad value is told; README lists the same variables. */
const EnvironmentSchema = Type.Object({
  PORT: whole(8080, 0, 65535),
  HOST: Type.String({ default: '127.0.0.1' }),
  DATA_DIR: Type.String({ default: './data' }),
  DATABASE_URL: optional(
    '^postgres(ql)?://',
    'must start with postgres:// or postgresql:// (leave it unset for the embedded SQLite database)',
  ),
  SMTP_URL: optional('^smtps?://[^/]+', 'must look like smtp://host:port or smtps://user:pass@host:port'),
  METRICS_PORT: portOrOff('9464', 'the management port (on METRICS_HOST)'),
  METRICS_HOST: Type.String({ default: '127.0.0.1' }),
  ADMIN_PORT: portOrOff('9465', 'the admin API (on ADMIN_HOST)'),
  ADMIN_HOST: Type.String({ default: '127.0.0.1' }),
  ADMIN_ORIGIN: Type.Optional(Type.String()),
  ADMIN_RATE_LIMIT_PER_MINUTE: whole(600, 0, 1_000_000),
  ADMIN_KEY_FAILURES_PER_MINUTE: whole(10, 0, 1_000_000),
  REDIS_URL: optional('^rediss?://[^/]+', 'must look like redis://host:6379 or rediss://user:pass@host:6380'),
  PORTAL_SECRET: Type.Optional(
    Type.String({ minLength: 32, problem: 'must be at least 32 characters (use e.g. `openssl rand -base64 48`)' }),
  ),
  PUBLIC_ORIGIN: Type.Optional(Type.String()),
  PLATFORM_ORIGIN: Type.Optional(Type.String()),
  RATE_LIMIT_PER_MINUTE: whole(30, 0, 1_000_000),
  PASSKEY_OPTIONS_PER_MINUTE: whole(120, 0, 1_000_000),
  SESSION_IDLE_SECONDS: whole(300, 30, 86_400),
  SESSION_ABSOLUTE_SECONDS: whole(43_200, 60, 30 * 86_400),
  TEMPORARY_PASSWORD_MINUTES: whole(TEMPORARY_PASSWORD_MINUTES, 5, 1_440),
  MAIL_FROM: Type.String({
    default: 'Card and Expense Platform <no-reply@portal.example>',
    problem: 'must be an address such as "Bank <no-reply@bank.example>"',
  }),
  TRUST_PROXY: Type.String({ default: 'false' }),
  DRAIN_SECONDS: whole(5, 0, 300),
  REQUEST_TIMEOUT_SECONDS: whole(30, 1, 3_600),
  HEADERS_TIMEOUT_SECONDS: whole(10, 1, 600),
  KEEP_ALIVE_TIMEOUT_SECONDS: whole(65, 1, 3_600),
  MAX_CONNECTIONS: whole(2_000, 0, 1_000_000),
  // Production behind a pooler, and mail to a bank's relay: docs/operations.md, "PgBouncer" and "Mail".
  LISTEN_DATABASE_URL: optional(
    '^postgres(ql)?://',
    'must start with postgres:// or postgresql://: a direct connection to the database, not through a pooler',
  ),
  SMTP_TLS: Type.Union([Type.Literal('auto'), Type.Literal('implicit'), Type.Literal('starttls')], {
    default: 'auto',
    problem: 'must be auto (as SMTP_URL says), implicit (TLS from the start) or starttls (STARTTLS required)',
  }),
  SMTP_CA_FILE: Type.Optional(Type.String()),
  MAIL_REPLY_TO: Type.Optional(Type.String()),
  LOG_LEVEL: Type.Union(
    LOG_LEVELS.map((level) => Type.Literal(level)),
    { default: 'info', problem: `must be one of ${LOG_LEVELS.join(', ')}` },
  ),
  PORTAL_DEMO: onOff(true),
  LOG_FORMAT: Type.Union([Type.Literal('json'), Type.Literal('pretty')], {
    default: 'json',
    problem: 'must be json (one object a line, for a log pipeline) or pretty (one readable line, for a terminal)',
  }),
  NEW_DEVICE_VERIFICATION: Type.Union([Type.Literal('email'), Type.Literal('off')], {
    default: 'email',
    problem:
      'must be email (a password sign-in from a new browser asks for a mailed code) or off (it does not), for cobrands whose record does not say',
  }),
  TOKEN_BACKEND: Type.Union([Type.Literal('builtin'), Type.Literal('radius')], {
    default: 'builtin',
    problem: "must be builtin (the portal's own tokens) or radius (the bank's token server)",
  }),
  RADIUS_SERVERS: optional(RADIUS_SERVERS_PATTERN, 'must look like host:port, or host:port,host:port for a failover'),
  RADIUS_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  RADIUS_TIMEOUT_MS: whole(3000, 100, 30_000),
  RADIUS_RETRIES: whole(2, 0, 5),
  // The hash queue (docs/operations.md, "Login storms"): argon2 at once (0: one a core), and the seconds of queued work
  // above which a sign-in is refused for load.
  HASH_CONCURRENCY: whole(0, 0, 256),
  HASH_QUEUE_SECONDS: whole(1, 0, 60),
  NODE_ENV: Type.Optional(Type.String()),
  // /.well-known/security.txt (RFC 9116), and the cap of live sessions per user.
  SECURITY_CONTACT: Type.Optional(Type.String()),
  SECURITY_TXT_EXPIRES: Type.Optional(Type.String()),
  MAX_SESSIONS_PER_USER: whole(5, 0, 1_000),
  // Security events to the bank's SIEM (docs/operations.md, "Security events to the SIEM").
  ...SIEM_ENVIRONMENT,
  // Passwords known from breaches (docs/operations.md, "Breached passwords"): the shipped list, or the range service too.
  ...BREACHED_PASSWORDS_ENVIRONMENT,
  STAFF_IDP_FILE: Type.Optional(Type.String()), // for the console's operators (docs/operations.md)
});
type Environment = Static<typeof EnvironmentSchema>;

export type SmtpTls = 'auto' | 'implicit' | 'starttls';

/** Where token users' PIN and tokencode are checked, for the cobrands whose catalogue record names no token server. */
export type { TokenServerSettings } from './config-checks.js';

/** How long a RADIUS token server is waited for, and how often asked again, unless a cobrand's record says. */
export interface RadiusTiming {
  timeoutMs: number;
  retries: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  /** The management port (Prometheus metrics, health); null: none. */
  metricsPort: number | null;
  /** The address the management port listens on (0.0.0.0 for Prometheus outside a container). */
  metricsHost: string;
  /** The admin API's own listener (null: none), and the calls a key may make a minute there (0: no throttle). */
  adminPort: number | null;
  adminHost: string;
  adminRatePerMinute: number;
  /** Calls refused for a missing or wrong admin key that one client address may make a minute (0: no throttle). */
  adminKeyFailuresPerMinute: number;
  /**
   * Where operators' browsers reach the admin listener (the help-desk console): its cookies are Secure when this is
   * https. By default the listener's own address.
   */
  adminOrigin: string;
  /** Where instances count the throttle together; null counts in each instance's memory. */
  redisUrl: string | null;
  /** PORTAL_SECRET as given; null means a generated one is kept in DATA_DIR (see portal-secret.ts). */
  portalSecret: string | null;
  publicOrigin: string;
  /**
   * Where the platform's own pages live (self-registration, account application, cookie notice); null serves the
   * portal's stand-in pages for them.
   */
  platformOrigin: string | null;
  /** Secure cookies (and the `__Host-` prefix) whenever the public origin is https. */
  secureCookies: boolean;
  rateLimitPerMinute: number;
  /**
   * The passkey sign-in options' own budget per client address: the sign-in page asks for them as it loads, so they
   * count apart from the sign-in calls (whose budget a page load must not spend) and allow more.
   */
  passkeyOptionsPerMinute: number;
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  /** How long an e-mailed temporary password works. */
  temporaryPasswordMinutes: number;
  /** New-device verification for cobrands whose record does not set `newDeviceVerification` (docs/decisions.md). */
  newDeviceVerification: 'email' | 'off';
  /** The From address of the portal's mail. */
  mailFrom: string;
  /**
   * Which proxies in front of the service are believed about the client's address (X-Forwarded-For): none (false),
   * every hop (true: only when nothing but your proxy can reach the service), a hop count, or their addresses.
   */
  trustProxy: boolean | number | string;
  /** After SIGTERM: how long /readyz answers 503 while the service still serves, so the balancer takes it out first. */
  drainSeconds: number;
  /** Slow clients: a whole request, its headers, an idle kept-alive connection; and open connections at most (0: no cap). */
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number; maxConnections: number };
  /** Where the catalogue listener connects (LISTEN), when DATABASE_URL goes through a transaction pooler. */
  listenDatabaseUrl: string | null;
  /** `auto`: as SMTP_URL's scheme says; `implicit`: TLS from the first byte; `starttls`: STARTTLS or no mail. */
  smtpTls: SmtpTls;
  /** The PEM file of the CAs the mail server's certificate must chain to, in place of Node's own list. */
  smtpCaFile: string | null;
  /** The Reply-To of the portal's mail (its From is a no-reply address). */
  mailReplyTo: string | null;
  logLevel: string;
  /** `pretty`: one readable line a request, for a terminal; `json`: for a log pipeline. */
  logFormat: 'json' | 'pretty';
  production: boolean;
  /** Demo mode: seed demo data on an empty database and allow demo-only admin commands. */
  demo: boolean;
  tokenServer: TokenServerSettings;
  radiusTiming: RadiusTiming;
  /** argon2's own queue: hashes at once, and the seconds of queued work above which a sign-in is refused for load. */
  hashQueue: { concurrency: number; maxQueueSeconds: number };
  /** What /.well-known/security.txt says (RFC 9116); null: no contact configured, so it answers 404. */
  securityTxt: SecurityTxt | null;
  /** Live sessions one user may hold; a sign-in beyond it ends the oldest. 0: no cap. */
  maxSessionsPerUser: number;
  /** The deployment's SIEM: a signed webhook and/or syslog, each taking every security event. */
  siem: SiemConfig;
  /** Where passwords known from breaches are looked up: the shipped list alone, or the range service too. */
  breachedPasswords: BreachedPasswordSettings;
  /** Where operators may sign in to the console instead of a password and code; null: nowhere. */
  staffIdp: OidcSettings | null;
}

export type { SecurityTxt };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

/** The text of an environment variable as its schema's type: a number, a switch, or the trimmed text. */
function typed(schema: TSchema, raw: string): unknown {
  const type = (schema as { type?: string }).type;
  if (type === 'integer') return /^\d+$/.test(raw) ? Number(raw) : raw;
  if (type !== 'boolean') return raw;
  const word = raw.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(word)) return true;
  return ['0', 'false', 'no', 'off'].includes(word) ? false : raw;
}

/** Each variable read against its schema: the value, or its default and a problem naming it. */
function readEnvironment(env: Env, problems: string[]): Environment {
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(EnvironmentSchema.properties) as [string, TSchema][]) {
    // An empty PORTAL_SECRET is a mistake to report, not a request for a generated one.
    // An empty METRICS_PORT or ADMIN_PORT turns its listener off, so it is kept, not read as unset.
    const raw =
      name === 'PORTAL_SECRET'
        ? env[name]
        : name === 'METRICS_PORT' || name === 'ADMIN_PORT'
          ? env[name]?.trim()
          : env[name]?.trim() || undefined;
    if (raw === undefined) continue;
    const value = typed(schema, raw);
    if (Value.Check(schema, value)) values[name] = value;
    else problems.push(`${name} ${(schema as { problem?: string }).problem ?? 'is not valid'} (got "${raw}")`);
  }
  return Value.Default(EnvironmentSchema, values) as Environment;
}

/** PUBLIC_ORIGIN (or another variable `name`) as an origin (scheme, host and port only), or null with a problem. */
function originOf(raw: string, problems: string[], name = 'PUBLIC_ORIGIN'): string | null {
  try {
    const url = new URL(raw);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && !url.search && !url.hash) {
      return url.origin;
    }
  } catch {
    // reported below
  }
  problems.push(`${name} must be an origin such as https://portal.example.com, with no path (got "${raw}")`);
  return null;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const e = readEnvironment(env, problems);
  const publicOriginRaw = e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`;
  const publicOrigin = originOf(publicOriginRaw, problems) ?? publicOriginRaw;
  const adminOriginRaw = e.ADMIN_ORIGIN ?? `http://${e.ADMIN_HOST}:${e.ADMIN_PORT || '9465'}`;
  const adminOrigin = e.ADMIN_ORIGIN ? (originOf(adminOriginRaw, problems, 'ADMIN_ORIGIN') ?? '') : adminOriginRaw;
  const platformOrigin = e.PLATFORM_ORIGIN ? originOf(e.PLATFORM_ORIGIN, problems, 'PLATFORM_ORIGIN') : null;
  if (e.SESSION_ABSOLUTE_SECONDS < e.SESSION_IDLE_SECONDS) {
    problems.push('SESSION_ABSOLUTE_SECONDS must not be shorter than SESSION_IDLE_SECONDS');
  }
  if (!isMailbox(e.MAIL_FROM)) {
    problems.push(`MAIL_FROM must be an address such as "Bank <no-reply@bank.example>" (got "${e.MAIL_FROM}")`);
  }
  for (const name of ['METRICS_PORT', 'ADMIN_PORT'] as const)
    if (Number(e[name]) > 65535) problems.push(`${name} must be a port number up to 65535 (got "${e[name]}")`);
  const tokenServer = tokenServerOf(e, problems);
  const trustProxy = trustProxyOf(e.TRUST_PROXY, problems);
  const smtpCaFile = e.SMTP_CA_FILE ? resolve(cwd, e.SMTP_CA_FILE) : null;
  checkPoolingAndMail(e, smtpCaFile, problems);
  const securityTxt = securityTxtOf(e, problems);
  const siem = siemOf(e, cwd, problems);
  const breachedPasswords = breachedPasswordSettings(e, problems);
  const hashConcurrency = hashConcurrencyOf(e.HASH_CONCURRENCY, env.UV_THREADPOOL_SIZE, problems);
  const staffIdp = staffIdpOf(e.STAFF_IDP_FILE, env, cwd, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    metricsPort: e.METRICS_PORT === '' ? null : Number(e.METRICS_PORT),
    metricsHost: e.METRICS_HOST,
    adminPort: e.ADMIN_PORT === '' ? null : Number(e.ADMIN_PORT),
    adminHost: e.ADMIN_HOST,
    adminRatePerMinute: e.ADMIN_RATE_LIMIT_PER_MINUTE,
    adminKeyFailuresPerMinute: e.ADMIN_KEY_FAILURES_PER_MINUTE,
    adminOrigin,
    portalSecret: e.PORTAL_SECRET ?? null,
    publicOrigin,
    platformOrigin,
    secureCookies: publicOrigin.startsWith('https:'),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    passkeyOptionsPerMinute: e.PASSKEY_OPTIONS_PER_MINUTE,
    sessionIdleSeconds: e.SESSION_IDLE_SECONDS,
    sessionAbsoluteSeconds: e.SESSION_ABSOLUTE_SECONDS,
    temporaryPasswordMinutes: e.TEMPORARY_PASSWORD_MINUTES,
    newDeviceVerification: e.NEW_DEVICE_VERIFICATION,
    mailFrom: e.MAIL_FROM,
    trustProxy,
    drainSeconds: e.DRAIN_SECONDS,
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      maxConnections: e.MAX_CONNECTIONS,
    },
    listenDatabaseUrl: e.LISTEN_DATABASE_URL ?? null,
    smtpTls: e.SMTP_TLS,
    smtpCaFile,
    mailReplyTo: e.MAIL_REPLY_TO ?? null,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    production: env.NODE_ENV !== 'development',
    demo: e.PORTAL_DEMO,
    tokenServer,
    radiusTiming: { timeoutMs: e.RADIUS_TIMEOUT_MS, retries: e.RADIUS_RETRIES },
    hashQueue: { concurrency: hashConcurrency, maxQueueSeconds: e.HASH_QUEUE_SECONDS },
    securityTxt,
    maxSessionsPerUser: e.MAX_SESSIONS_PER_USER,
    siem,
    breachedPasswords,
    staffIdp,
  };
}

/** The settings that only make sense together: a listener needs a database, implicit TLS is not STARTTLS. */
function checkPoolingAndMail(e: Environment, smtpCaFile: string | null, problems: string[]): void {
  if (e.LISTEN_DATABASE_URL && !e.DATABASE_URL)
    problems.push('LISTEN_DATABASE_URL needs DATABASE_URL (it is for PostgreSQL behind a pooler)');
  if (e.MAIL_REPLY_TO && !isMailbox(e.MAIL_REPLY_TO))
    problems.push(
      `MAIL_REPLY_TO must be an address such as "Help desk <help@bank.example>" (got "${e.MAIL_REPLY_TO}")`,
    );
  if (e.SMTP_TLS === 'starttls' && e.SMTP_URL?.startsWith('smtps:'))
    problems.push('SMTP_TLS=starttls needs an smtp:// SMTP_URL (smtps:// is TLS from the start: SMTP_TLS=implicit)');
  if (!smtpCaFile) return;
  try {
    accessSync(smtpCaFile, constants.R_OK);
  } catch {
    problems.push(`SMTP_CA_FILE must be a readable PEM file of the mail server's CA (got "${e.SMTP_CA_FILE}")`);
  }
}
