/** Configuration from the environment, validated once at start with one clear message per bad value. */
import { isAbsolute, resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  /** PORTAL_SECRET as given; null means a generated one is kept in DATA_DIR (see portal-secret.ts). */
  portalSecret: string | null;
  publicOrigin: string;
  /** Secure cookies (and the `__Host-` prefix) whenever the public origin is https. */
  secureCookies: boolean;
  rateLimitPerMinute: number;
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  /** How long an e-mailed temporary password works. */
  temporaryPasswordMinutes: number;
  /** The From address of the portal's mail. */
  mailFrom: string;
  trustProxy: boolean;
  logLevel: string;
  production: boolean;
  /** Demo mode: seed demo data on an empty database and allow demo-only admin commands. */
  demo: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.trim().toLowerCase();
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${env[name]}")`);
    return fallback;
  };

  const port = int('PORT', 8080, 0, 65535);
  const host = env.HOST?.trim() || '127.0.0.1';
  const dataDirRaw = env.DATA_DIR?.trim() || './data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw);

  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(
      'DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for the embedded SQLite database)',
    );
  }
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\/[^/]+/.test(smtpUrl)) {
    problems.push('SMTP_URL must look like smtp://host:port or smtps://user:pass@host:port');
  }
  const portalSecret = env.PORTAL_SECRET ?? null;
  if (portalSecret !== null && portalSecret.length < 32) {
    problems.push('PORTAL_SECRET must be at least 32 characters (use e.g. `openssl rand -base64 48`)');
  }

  const publicOriginRaw = env.PUBLIC_ORIGIN?.trim() || `http://localhost:${port}`;
  let publicOrigin = publicOriginRaw;
  try {
    const url = new URL(publicOriginRaw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    if (url.pathname !== '/' || url.search || url.hash) throw new Error('path');
    publicOrigin = url.origin;
  } catch {
    problems.push(
      `PUBLIC_ORIGIN must be an origin such as https://portal.example.com, with no path (got "${publicOriginRaw}")`,
    );
  }

  const rateLimitPerMinute = int('RATE_LIMIT_PER_MINUTE', 30, 0, 1_000_000);
  const sessionIdleSeconds = int('SESSION_IDLE_SECONDS', 300, 30, 86_400);
  const sessionAbsoluteSeconds = int('SESSION_ABSOLUTE_SECONDS', 43_200, 60, 30 * 86_400);
  if (sessionAbsoluteSeconds < sessionIdleSeconds) {
    problems.push('SESSION_ABSOLUTE_SECONDS must not be shorter than SESSION_IDLE_SECONDS');
  }
  const temporaryPasswordMinutes = int('TEMPORARY_PASSWORD_MINUTES', 30, 5, 1_440);
  const mailFrom = env.MAIL_FROM?.trim() || 'Card and Expense Platform <no-reply@portal.example>';
  if (
    !/^[^<>@\s]*(<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/.test(mailFrom.replace(/^.*?(?=<)/, '').trim() || mailFrom)
  ) {
    problems.push(`MAIL_FROM must be an address such as "Bank <no-reply@bank.example>" (got "${mailFrom}")`);
  }
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const config: Config = {
    port,
    host,
    dataDir,
    databaseUrl,
    smtpUrl,
    portalSecret,
    publicOrigin,
    secureCookies: publicOrigin.startsWith('https:'),
    rateLimitPerMinute,
    sessionIdleSeconds,
    sessionAbsoluteSeconds,
    temporaryPasswordMinutes,
    mailFrom,
    trustProxy: bool('TRUST_PROXY', false),
    logLevel,
    production: env.NODE_ENV !== 'development',
    demo: bool('PORTAL_DEMO', true),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
