/**
 * Composes the service: external plugins, then the app's own hooks, then each capability's routes (fastify/demo's order).
 * Everything a request needs is passed in, so tests build the same app on SQLite or PostgreSQL with their own clock.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorCodes } from '@portal/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { registerRoutes } from './app-routes.js';
import { type AppOptions, createServices, type Services } from './app-services.js';
import { listenForCatalogueChanges } from './cobrand/index.js';
import type { MailWorker } from './mail/index.js';
import type { Config } from './config.js';
import { ApiError } from './http/api-error.js';
import { registerCsrfGuard } from './http/csrf-guard.js';
import { registerErrorHandler, sendRouterError } from './http/error-handler.js';
import { registerSecurityHeaders } from './http/headers.js';
import { loggerOptions } from './http/logger-options.js';
import { registerOpenApi, reportUndeclared } from './http/openapi.js';
import { recordRoutes } from './http/route-guard.js';
import { OneLinePerRequest, requestIds, returnRequestIds, trustedPeer } from './http/request-log.js';
import { logSecurityEvent, requestFields } from './http/security-events.js';
import { Messages } from './i18n/messages.js';
import { portalMetrics } from './metrics/index.js';
import { systemErrorPage } from './pages/index.js';
import { WEB_DIST_DIR } from './paths.js';
import { hashQueue } from './security/hash-queue.js';
import { sharedThrottle } from './security/throttle.js';
import { createSiem } from './siem/index.js';
import { systemClock } from './clock.js';
import { VERSION } from './version.js';

export type { AppOptions } from './app-services.js';

// The logger's options live in http/logger-options.ts; tests and main.ts read them here.
export { loggerOptions, REDACTED_PATHS } from './http/logger-options.js';

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const messages = new Messages();
  const app = Fastify({
    logger: options.logger ?? loggerOptions(options.config.logLevel, options.config.logFormat),
    logController: new OneLinePerRequest(),
    trustProxy: trustedProxies(options.config.trustProxy),
    // Slow clients cannot hold a connection for ever (docs/operations.md, "Timeouts and connections").
    requestTimeout: options.config.timeouts.requestMs,
    keepAliveTimeout: options.config.timeouts.keepAliveMs,
    http: { headersTimeout: options.config.timeouts.headersMs, connectionsCheckingInterval: 1_000 },
    bodyLimit: 16 * 1024,
    genReqId: requestIds(trustedPeer(options.config.trustProxy)),
    requestIdHeader: false,
    routerOptions: { maxParamLength: 200 },
    // An address the router cannot read (a bad escape, an over-long parameter) still gets the error shape.
    frameworkErrors: (error, request, reply) => sendRouterError(reply, request, messages, error),
  }).withTypeProvider<TypeBoxTypeProvider>();
  recordRoutes(app);
  if (options.config.timeouts.maxConnections) app.server.maxConnections = options.config.timeouts.maxConnections;
  const siem = createSiem(app, { ...options, env: options.env ?? process.env, clock: options.clock ?? systemClock });
  const services = createServices(app, { ...options, forward: siem.forwarder }, messages);
  mailWorkers.set(app, services.mailWorker);
  runInBackground(app, options, services);

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  const shared = await sharedThrottle(options.config.redisUrl, app.log);
  app.addHook('onClose', shared.close);
  await app.register(fastifyRateLimit, {
    ...shared.options,
    global: false,
    errorResponseBuilder: (request) => {
      logSecurityEvent(request.log, 'throttled', requestFields(request));
      return new ApiError(429, [{ code: ErrorCodes.throttled, messageKey: 'request.throttled' }]);
    },
  });
  await registerSecurityHeaders(app);
  returnRequestIds(app);
  registerErrorHandler(app, messages, {
    outage: services.outage,
    systemErrorPage: systemErrorPage(options.webDistDir ?? WEB_DIST_DIR, messages),
  });
  registerCsrfGuard(app, services.keys.csrf, services.cookies);
  registries.set(
    app,
    portalMetrics(app, {
      auditCounts: services.audit.counts,
      mail: services.mailWorker.outcomes,
      siem: siem.metrics,
      cspReports: services.cspReports.byDirective,
      passkeyCeremonies: services.passkeys.counts,
      outboxDepth: () => services.outbox.pending(),
      liveSessions: () => services.stores.sessions.countLive(services.clock()),
      pool: options.database.pool,
      hashQueue: () => hashQueue.stats(),
      throttle: shared.state,
      stuffing: {
        triesByCobrand: services.signIn.cobrandTries.counts,
        userIdSpread: () => services.signIn.userIdSpread(),
      },
    }),
  );
  const declared = await registerOpenApi(app, VERSION);
  if (options.onUndeclaredStatus) reportUndeclared(app, declared, options.onUndeclaredStatus);
  await registerRoutes(app, options, services);
  return app;
}

/** A hop count as Fastify's proxy-addr reads one: the nearest `hops` proxies are believed, no farther. */
const trustedProxies = (setting: Config['trustProxy']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

const registries = new WeakMap<FastifyInstance, Registry>();
/** The app's Prometheus registry, for the management port (main.ts) and the tests. */
export const metricsOf = (app: FastifyInstance): Registry => registries.get(app)!;
const mailWorkers = new WeakMap<FastifyInstance, MailWorker>();
/** The app's mail worker, for the tests that wait for its pass to end (as siemWorkerOf). */
export const mailWorkerOf = (app: FastifyInstance): MailWorker => mailWorkers.get(app)!;

/** The outbox worker, and on PostgreSQL the catalogue-change listener; both stop when the app closes. */
function runInBackground(app: FastifyInstance, { config, database, startMailWorker }: AppOptions, services: Services) {
  if (startMailWorker !== false) services.mailWorker.start();
  if (database.dialect === 'postgres' && config.databaseUrl) {
    const invalidate = () => services.cobrands.invalidate();
    // LISTEN needs a connection of its own for good: through a transaction pooler it would hear nothing.
    const listenUrl = config.listenDatabaseUrl ?? config.databaseUrl;
    const listener = listenForCatalogueChanges(listenUrl, database.schema, invalidate, (m) => app.log.warn(m));
    app.addHook('onClose', () => listener.close());
  }
  app.addHook('onClose', () => services.mailWorker.stop());
  app.addHook('onClose', () => services.tokenServers.close());
}
