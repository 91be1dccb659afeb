/**
 * Composes the service: external plugins, then the app's own hooks, then each capability's routes (fastify/demo's order).
 * Everything a request needs is passed in, so tests build the same app on SQLite or PostgreSQL with their own clock.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorCodes } from '@portal/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import { AccountStore, PasswordStore } from './account/index.js';
import { systemClock, type Clock } from './clock.js';
import {
  CobrandDirectory,
  cobrandRoutes,
  CobrandStore,
  listenForCatalogueChanges,
  logoUrlFinder,
} from './cobrand/index.js';
import type { Config } from './config.js';
import { AuditLog } from './db/audit-log.js';
import type { PortalDatabase } from './db/database.js';
import { ChangePasswordService, passwordRoutes, RecoveryService } from './password/index.js';
import { clientLoggingRoutes } from './logging/index.js';
import { TokenPinService, tokenRoutes, TokenStore } from './token/index.js';
import { createTransport, MailWorker, OutboxStore } from './mail/index.js';
import { healthRoutes } from './health/index.js';
import { cookiePolicy, SessionManager, sessionRoutes, SessionStore } from './session/index.js';
import { signInRoutes, SignInService } from './signin/index.js';
import { webPagesRoutes } from './pages/index.js';
import { ApiError } from './http/api-error.js';
import { registerErrorHandler, sendRouterError } from './http/error-handler.js';
import { Messages } from './i18n/messages.js';
import { CATALOGUE_DIR, WEB_DIST_DIR } from './paths.js';
import { registerCsrfGuard } from './security/csrf-guard.js';
import { registerSecurityHeaders } from './security/headers.js';
import { deriveKeys, loadPortalSecret } from './security/portal-secret.js';
import { routeThrottle } from './security/throttle.js';

export interface AppOptions {
  config: Config;
  database: PortalDatabase;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  catalogueDir?: string;
  webDistDir?: string;
  /** The outbox worker runs unless a test wants to drive it (it is still nudged after each enqueue). */
  startMailWorker?: boolean;
}

/** Log redaction: nothing secret is written (ARCHITECTURE §3). */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers["x-csrf-token"]',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passcode',
  '*.newPin',
  '*.oldCredential',
  '*.newCredential',
  '*.questionResponse',
  '*.answer',
  '*.token',
  '*.cookie',
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // The query string can hold a user ID; the path is enough to follow a request.
      req: (request: { method: string; url: string; id: string }) => ({
        method: request.method,
        path: request.url.split('?')[0],
        id: request.id,
      }),
    },
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const messages = new Messages();
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 16 * 1024,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { maxParamLength: 200 },
    // An address the router cannot read (a bad escape, an over-long parameter) still gets the error shape.
    frameworkErrors: (error, request, reply) => sendRouterError(reply, request, messages, error),
  }).withTypeProvider<TypeBoxTypeProvider>();

  const keys = deriveKeys(loadPortalSecret(config.portalSecret, config.dataDir, (m) => app.log.warn(m)));
  const db = database.db;
  const accounts = new AccountStore(db);
  const audit = new AuditLog(db, clock);
  const cobrands = new CobrandDirectory(new CobrandStore(db), clock);
  const sessions = new SessionManager(
    new SessionStore(db),
    {
      idleMs: config.sessionIdleSeconds * 1000,
      absoluteMs: config.sessionAbsoluteSeconds * 1000,
      csrfKey: keys.csrf,
      cookies: cookiePolicy(config.secureCookies),
    },
    clock,
  );
  const passwords = new PasswordStore(db);
  const tokens = new TokenStore(db);
  const signIn = new SignInService({
    accounts,
    passwords,
    tokens,
    tokenKeys: { seal: keys.seal, pin: keys.pin },
    sessions,
    cobrands,
    audit,
    identityKey: keys.userIdentity,
    temporaryPasswordKey: keys.temporaryPassword,
    clock,
    publicOrigin: config.publicOrigin,
  });
  const throttle = routeThrottle(config.rateLimitPerMinute);
  const outbox = new OutboxStore(db, database.dialect);
  const mailWorker = new MailWorker(
    outbox,
    createTransport({
      smtpUrl: config.smtpUrl,
      dataDir: config.dataDir,
      from: config.mailFrom,
      log: (m) => app.log.info(m),
    }),
    clock,
    (err) => app.log.warn({ err }, 'mail pass failed'),
  );
  const logoUrlFor = logoUrlFinder(options.catalogueDir ?? CATALOGUE_DIR, config.publicOrigin);
  const mailDeps = { accounts, passwords, sessions, cobrands, outbox, mailWorker, messages, audit, clock, logoUrlFor };
  const recovery = new RecoveryService({
    ...mailDeps,
    identityKey: keys.userIdentity,
    temporaryPasswordKey: keys.temporaryPassword,
    temporaryPasswordMinutes: config.temporaryPasswordMinutes,
  });
  const changePassword = new ChangePasswordService(mailDeps);
  const pins = new TokenPinService({ ...mailDeps, tokens, pinKey: keys.pin });
  if (options.startMailWorker !== false) mailWorker.start();
  if (database.dialect === 'postgres' && config.databaseUrl) {
    const listener = listenForCatalogueChanges(
      config.databaseUrl,
      database.schema,
      () => cobrands.invalidate(),
      (m) => app.log.warn(m),
    );
    app.addHook('onClose', () => listener.close());
  }
  app.addHook('onClose', () => mailWorker.stop());

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new ApiError(429, [{ code: ErrorCodes.throttled, messageKey: 'request.throttled' }]),
  });
  await registerSecurityHeaders(app);
  registerErrorHandler(app, messages);
  registerCsrfGuard(app, keys.csrf, sessions);

  await app.register(healthRoutes, { db });
  await app.register(signInRoutes, { signIn, throttle, refusedBody: () => messages.text('en_US', 'login.failed') });
  await app.register(sessionRoutes, {
    clock,
    sessions,
    accounts,
    cobrands,
    messages,
    audit,
    publicOrigin: config.publicOrigin,
  });
  await app.register(clientLoggingRoutes, { sessions, throttle });
  await app.register(passwordRoutes, { recovery, changePassword, sessions, throttle });
  await app.register(tokenRoutes, { accounts, sessions, pins, throttle });
  await app.register(cobrandRoutes, { cobrands, catalogueDir: options.catalogueDir ?? CATALOGUE_DIR });
  await app.register(webPagesRoutes, { webDistDir: options.webDistDir ?? WEB_DIST_DIR, messages });
  return app;
}
