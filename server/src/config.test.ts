import { mkdtempSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism, tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const CWD = '/srv/portal';

/** The problems a bad environment is refused with (fails the test if it is not refused). */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, CWD);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('answers the documented defaults for an empty environment', () => {
    expect(loadConfig({}, CWD)).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: resolve(CWD, 'data'),
      databaseUrl: null,
      smtpUrl: null,
      redisUrl: null,
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
      adminPort: 9465,
      adminHost: '127.0.0.1',
      adminRatePerMinute: 600,
      adminKeyFailuresPerMinute: 10,
      adminOrigin: 'http://127.0.0.1:9465',
      portalSecret: null,
      publicOrigin: 'http://localhost:8080',
      platformOrigin: null,
      secureCookies: false,
      rateLimitPerMinute: 30,
      passkeyOptionsPerMinute: 120,
      sessionIdleSeconds: 300,
      sessionAbsoluteSeconds: 43_200,
      temporaryPasswordMinutes: 30,
      newDeviceVerification: 'email',
      mailFrom: 'Card and Expense Platform <no-reply@portal.example>',
      listenDatabaseUrl: null,
      smtpTls: 'auto',
      smtpCaFile: null,
      mailReplyTo: null,
      trustProxy: false,
      drainSeconds: 5,
      timeouts: { requestMs: 30_000, headersMs: 10_000, keepAliveMs: 65_000, maxConnections: 2_000 },
      logLevel: 'info',
      logFormat: 'json',
      production: true,
      demo: true,
      tokenServer: { protocol: 'builtin' },
      radiusTiming: { timeoutMs: 3000, retries: 2 },
      hashQueue: { concurrency: Math.min(availableParallelism(), 3), maxQueueSeconds: 1 },
      securityTxt: null,
      maxSessionsPerUser: 5,
      siem: { webhook: null, syslog: null },
      breachedPasswords: { mode: 'offline' },
      staffIdp: null,
    });
  });

  it('reads the range service of breached passwords, which needs its address', () => {
    expect(
      loadConfig({ BREACHED_PASSWORDS: 'range', BREACHED_PASSWORDS_RANGE_URL: 'https://range.bank.example' }, CWD)
        .breachedPasswords,
    ).toEqual({ mode: 'range', url: 'https://range.bank.example', timeoutMs: 2000 });
    expect(() => loadConfig({ BREACHED_PASSWORDS: 'range' }, CWD)).toThrow(
      'BREACHED_PASSWORDS_RANGE_URL must name the range service when BREACHED_PASSWORDS=range',
    );
    expect(() => loadConfig({ BREACHED_PASSWORDS: 'online' }, CWD)).toThrow('BREACHED_PASSWORDS must be offline');
  });

  it('reads the hash queue: argon2 at once, and the seconds of queued work before sign-ins are refused for load', () => {
    expect(loadConfig({ HASH_CONCURRENCY: '3', HASH_QUEUE_SECONDS: '2' }, CWD).hashQueue).toEqual({
      concurrency: 3,
      maxQueueSeconds: 2,
    });
    expect(problemsOf({ HASH_QUEUE_SECONDS: '1.5' })[0]).toContain('HASH_QUEUE_SECONDS');
    expect(problemsOf({ HASH_CONCURRENCY: '-1' })[0]).toContain('HASH_CONCURRENCY');
  });

  it("refuses an argon2 concurrency that takes all of Node's pool, and keeps the default below it", () => {
    expect(problemsOf({ HASH_CONCURRENCY: '4' })[0]).toContain('HASH_CONCURRENCY must be below UV_THREADPOOL_SIZE (4)');
    expect(problemsOf({ HASH_CONCURRENCY: '6', UV_THREADPOOL_SIZE: '6' })[0]).toContain('UV_THREADPOOL_SIZE (6)');
    expect(loadConfig({ HASH_CONCURRENCY: '5', UV_THREADPOOL_SIZE: '6' }, CWD).hashQueue.concurrency).toBe(5);
    expect(loadConfig({ UV_THREADPOOL_SIZE: '2' }, CWD).hashQueue.concurrency).toBe(1);
  });

  it("reads security.txt's contact and expiry together, and refuses one without the other or a date past", () => {
    const env = {
      SECURITY_CONTACT: 'mailto:security@bank.example, https://bank.example/report',
      SECURITY_TXT_EXPIRES: '2099-06-30T00:00:00+02:00',
    };
    expect(loadConfig(env, CWD).securityTxt).toEqual({
      contacts: ['mailto:security@bank.example', 'https://bank.example/report'],
      expires: '2099-06-29T22:00:00Z',
    });
    expect(problemsOf({ SECURITY_CONTACT: 'mailto:security@bank.example' })[0]).toContain('SECURITY_TXT_EXPIRES');
    expect(problemsOf({ SECURITY_TXT_EXPIRES: '2099-01-01T00:00:00Z' })[0]).toContain('SECURITY_CONTACT');
    expect(problemsOf({ ...env, SECURITY_CONTACT: 'security@bank.example' })[0]).toContain('SECURITY_CONTACT');
    expect(problemsOf({ ...env, SECURITY_TXT_EXPIRES: '2020-01-01T00:00:00Z' })[0]).toContain('SECURITY_TXT_EXPIRES');
    expect(problemsOf({ ...env, SECURITY_TXT_EXPIRES: 'next year' })[0]).toContain('SECURITY_TXT_EXPIRES');
  });

  it("reads the bank's token server, and refuses RADIUS without its servers and secret", () => {
    const env = { TOKEN_BACKEND: 'radius', RADIUS_SERVERS: '10.1.2.3:1812,10.1.2.4:1812', RADIUS_SECRET: 's3cret' };
    expect(loadConfig({ ...env, RADIUS_TIMEOUT_MS: '500', RADIUS_RETRIES: '0' }, CWD)).toMatchObject({
      tokenServer: { protocol: 'radius', servers: '10.1.2.3:1812,10.1.2.4:1812', secret: 's3cret' },
      radiusTiming: { timeoutMs: 500, retries: 0 },
    });
    const problems = problemsOf({ TOKEN_BACKEND: 'radius' });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('RADIUS_SERVERS');
    expect(problems[1]).toContain('RADIUS_SECRET');
  });

  it('opens the management port where METRICS_HOST says, on 127.0.0.1 unless set', () => {
    expect(loadConfig({ METRICS_HOST: '0.0.0.0', METRICS_PORT: '9100' }, CWD)).toMatchObject({
      metricsHost: '0.0.0.0',
      metricsPort: 9100,
    });
    expect(loadConfig({ METRICS_HOST: ' ' }, CWD).metricsHost).toBe('127.0.0.1');
  });

  it('opens the admin listener where ADMIN_HOST says, on 127.0.0.1 unless set, and none for an empty ADMIN_PORT', () => {
    expect(loadConfig({ ADMIN_HOST: '10.20.0.5', ADMIN_PORT: '9500' }, CWD)).toMatchObject({
      adminHost: '10.20.0.5',
      adminPort: 9500,
    });
    expect(loadConfig({ ADMIN_PORT: '' }, CWD).adminPort).toBeNull();
    expect(loadConfig({ ADMIN_PORT: ' ' }, CWD).adminPort).toBeNull();
  });

  it("takes the console's origin from ADMIN_ORIGIN, the listener's own address unless set, and refuses one with a path", () => {
    expect(loadConfig({}, CWD).adminOrigin).toBe('http://127.0.0.1:9465');
    expect(loadConfig({ ADMIN_HOST: '10.20.0.5', ADMIN_PORT: '9500' }, CWD).adminOrigin).toBe('http://10.20.0.5:9500');
    expect(loadConfig({ ADMIN_ORIGIN: 'https://console.bank.example/' }, CWD).adminOrigin).toBe(
      'https://console.bank.example',
    );
    expect(() => loadConfig({ ADMIN_ORIGIN: 'https://console.bank.example/console/' }, CWD)).toThrow(
      /ADMIN_ORIGIN must be an origin such as https:\/\/portal.example.com, with no path/,
    );
  });

  it('reads good values and turns on secure cookies for an https origin', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        DATA_DIR: '/var/lib/portal',
        DATABASE_URL: 'postgres://portal@db:5432/portal',
        PORTAL_SECRET: 'x'.repeat(32),
        PUBLIC_ORIGIN: 'https://portal.example.com/',
        RATE_LIMIT_PER_MINUTE: '0',
        SESSION_IDLE_SECONDS: '600',
        SESSION_ABSOLUTE_SECONDS: '600',
        TRUST_PROXY: 'yes',
        PORTAL_DEMO: 'false',
        NODE_ENV: 'development',
      },
      CWD,
    );
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/var/lib/portal',
      databaseUrl: 'postgres://portal@db:5432/portal',
      publicOrigin: 'https://portal.example.com',
      secureCookies: true,
      rateLimitPerMinute: 0,
      sessionIdleSeconds: 600,
      sessionAbsoluteSeconds: 600,
      trustProxy: true,
      demo: false,
      production: false,
    });
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['PORTAL_SECRET', { PORTAL_SECRET: 'too-short' }],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'https://portal.example.com/portal' }],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'ftp://portal.example.com' }],
    ['PLATFORM_ORIGIN', { PLATFORM_ORIGIN: 'https://platform.example.com/sdng' }],
    ['RATE_LIMIT_PER_MINUTE', { RATE_LIMIT_PER_MINUTE: '-1' }],
    ['PASSKEY_OPTIONS_PER_MINUTE', { PASSKEY_OPTIONS_PER_MINUTE: '-1' }],
    ['SESSION_ABSOLUTE_SECONDS', { SESSION_IDLE_SECONDS: '600', SESSION_ABSOLUTE_SECONDS: '300' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'maybe' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail' }],
    ['REDIS_URL', { REDIS_URL: 'http://cache:6379' }],
    ['METRICS_PORT', { METRICS_PORT: 'nine' }],
    ['METRICS_PORT', { METRICS_PORT: '70000' }],
    ['ADMIN_PORT', { ADMIN_PORT: 'nine' }],
    ['ADMIN_PORT', { ADMIN_PORT: '70000' }],
    ['ADMIN_RATE_LIMIT_PER_MINUTE', { ADMIN_RATE_LIMIT_PER_MINUTE: '-1' }],
    ['ADMIN_KEY_FAILURES_PER_MINUTE', { ADMIN_KEY_FAILURES_PER_MINUTE: 'ten' }],
    ['LOG_FORMAT', { LOG_FORMAT: 'xml' }],
    ['TOKEN_BACKEND', { TOKEN_BACKEND: 'rsa' }],
    ['RADIUS_SERVERS', { RADIUS_SERVERS: 'radius.bank.example' }],
    ['RADIUS_TIMEOUT_MS', { RADIUS_TIMEOUT_MS: '10' }],
    ['LISTEN_DATABASE_URL', { LISTEN_DATABASE_URL: 'postgres://db/portal' }],
    ['LISTEN_DATABASE_URL', { DATABASE_URL: 'postgres://pgbouncer/portal', LISTEN_DATABASE_URL: 'db:5432' }],
    ['SMTP_TLS', { SMTP_TLS: 'always' }],
    ['SMTP_TLS', { SMTP_URL: 'smtps://mail:465', SMTP_TLS: 'starttls' }],
    ['SMTP_CA_FILE', { SMTP_CA_FILE: 'no/such/ca.pem' }],
    ['MAIL_REPLY_TO', { MAIL_REPLY_TO: 'Help desk' }],
  ])('refuses a bad %s with a ConfigError naming it', (name, env) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(name);
  });

  it('reads the pooler, mail TLS and Reply-To settings', () => {
    const config = loadConfig(
      {
        DATABASE_URL: 'postgres://portal@pgbouncer:6432/portal',
        LISTEN_DATABASE_URL: 'postgres://portal@db:5432/portal',
        SMTP_URL: 'smtp://relay.bank.example:587',
        SMTP_TLS: 'starttls',
        SMTP_CA_FILE: 'package.json',
        MAIL_REPLY_TO: 'Card help desk <help@bank.example>',
      },
      resolve(import.meta.dirname, '..'),
    );
    expect(config).toMatchObject({
      listenDatabaseUrl: 'postgres://portal@db:5432/portal',
      smtpTls: 'starttls',
      smtpCaFile: resolve(import.meta.dirname, '..', 'package.json'),
      mailReplyTo: 'Card help desk <help@bank.example>',
    });
  });

  it('reports every bad value at once, one message each', () => {
    const problems = problemsOf({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      PORTAL_SECRET: 'short',
      RATE_LIMIT_PER_MINUTE: '-1',
    });
    expect(problems).toHaveLength(4);
    for (const [index, name] of ['PORT', 'DATABASE_URL', 'PORTAL_SECRET', 'RATE_LIMIT_PER_MINUTE'].entries()) {
      expect(problems[index]).toContain(name);
    }
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' }, CWD)).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  it("reads the SIEM's webhook and syslog, and refuses a webhook without its secret without echoing a bad secret", () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const config = loadConfig(
      {
        SIEM_WEBHOOK_URL: 'https://siem.bank.example/in',
        SIEM_WEBHOOK_SECRET: secret,
        SIEM_SYSLOG_URL: 'tls://siem:6514',
      },
      CWD,
    );
    expect(config.siem).toEqual({
      webhook: { url: 'https://siem.bank.example/in', secret },
      syslog: { url: 'tls://siem:6514', caFile: null },
    });
    expect(problemsOf({ SIEM_WEBHOOK_URL: 'https://siem.bank.example/in' })).toEqual([
      'SIEM_WEBHOOK_URL and SIEM_WEBHOOK_SECRET go together: set both or neither',
    ]);
    const [bad] = problemsOf({
      SIEM_WEBHOOK_URL: 'https://siem.bank.example/in',
      SIEM_WEBHOOK_SECRET: 'hunter2-hunter2',
    });
    expect(bad).toContain('SIEM_WEBHOOK_SECRET must be a Standard Webhooks secret');
    expect(bad).not.toContain('hunter2');
    expect(problemsOf({ SIEM_SYSLOG_URL: 'udp://siem:514' })[0]).toContain('tcp://host:514 or tls://host:6514');
    expect(problemsOf({ SIEM_SYSLOG_URL: 'tcp://siem:514', SIEM_SYSLOG_CA_FILE: 'ca.pem' })[0]).toBe(
      'SIEM_SYSLOG_CA_FILE needs a tls:// SIEM_SYSLOG_URL',
    );
  });

  it("reads the staff identity provider's record from STAFF_IDP_FILE, and refuses one that is not whole or lacks its secret", () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-staff-idp-'));
    const file = (name: string, record: unknown) => {
      writeFileSync(join(dir, name), typeof record === 'string' ? record : JSON.stringify(record));
      return join(dir, name);
    };
    const record = {
      ...{ protocol: 'oidc', issuer: 'https://sso.bank.example/realms/staff', clientId: 'help-desk-console' },
      ...{ clientSecretEnv: 'STAFF_OIDC_CLIENT_SECRET', scopes: 'openid profile', userClaim: 'preferred_username' },
    };
    const good = file('good.json', record);
    expect(loadConfig({ STAFF_IDP_FILE: good, STAFF_OIDC_CLIENT_SECRET: 's3cret-value' }, CWD).staffIdp).toEqual(
      record,
    );
    expect(problemsOf({ STAFF_IDP_FILE: good })).toEqual([
      'STAFF_IDP_FILE: the client secret: STAFF_OIDC_CLIENT_SECRET is not set',
    ]);
    const [notJson] = problemsOf({ STAFF_IDP_FILE: file('bad.json', '{ "protocol": ') });
    expect(notJson).toMatch(/^STAFF_IDP_FILE: .*bad\.json: /);
    const saml = file('saml.json', { ...record, protocol: 'saml' });
    expect(problemsOf({ STAFF_IDP_FILE: saml, STAFF_OIDC_CLIENT_SECRET: 'x' })[0]).toContain('/protocol');
    expect(problemsOf({ STAFF_IDP_FILE: join(dir, 'none.json') })[0]).toContain('none.json');
  });
});
