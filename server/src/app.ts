/**
 * Composes the service: external plugins, then the app's own hooks, then each capability's routes (fastify/demo's order).
 * Everything a request needs is passed in, so tests build the same app on SQLite or PostgreSQL with their own clock.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorCodes } from '@portal/contract';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { AccountStore, breachedPasswords, ImportClasses, PasswordStore } from './account/index.js';
import { systemClock, type Clock } from './clock.js';
import {
  CobrandDirectory,
  cobrandRoutes,
  CobrandStore,
  listenForCatalogueChanges,
  logoUrlFinder,
  pageCobrandFinder,
} from './cobrand/index.js';
import type { Config } from './config.js';
import { AuditLog } from './db/audit-log.js';
import type { PortalDatabase } from './db/database.js';
import { ChangePasswordService, passwordRoutes, QuestionPool, RecoveryService } from './password/index.js';
import { clientLoggingRoutes, CspReportCounts, cspReportRoutes } from './logging/index.js';
import { wellKnownRoutes } from './well-known/index.js';
import { pinMatches, TokenPinService, tokenRoutes, TokenServers, TokenStore } from './token/index.js';
import { createTransport, MailWorker, OutboxStore } from './mail/index.js';
import { healthRoutes, Readiness } from './health/index.js';
import { FreshSignIn, SessionManager, sessionRoutes, SessionStore } from './session/index.js';
import { cookiePolicy, SessionCookies } from './http/session-cookies.js';
import { claimByAccountId, type Onward, routeSignIn, signInRoutes, SignInService } from './signin/index.js';
import { signInMethods } from './sign-in-modules.js';
import { signInReturn } from './account-security/index.js';
import { PasskeyService, passkeyRoutes, PasskeyStore, relyingPartyOf } from './passkey/index.js';
import { RecoveryCodeService, recoveryCodeRoutes, RecoveryCodeStore } from './recovery-code/index.js';
import { DeviceCookies, DeviceNotices, deviceRoutes, DeviceStore, forgetOtherDevices } from './device/index.js';
import { systemErrorPage } from './pages/index.js';
import { registerScreens } from './screens.js';
import { portalMetrics } from './metrics/index.js';
import type { Registry } from 'prom-client';
import { FlowCookies, Providers, SAML_REQUEST_MS, ssoRoutes, SsoService, SsoStore } from './sso/index.js';
import { ApiError } from './http/api-error.js';
import { registerErrorHandler, sendRouterError } from './http/error-handler.js';
import { outageLog } from './http/outage-log.js';
import { OneLinePerRequest, requestIds, returnRequestIds, trustedPeer } from './http/request-log.js';
import { logSecurityEvent, requestFields, securityEventLog } from './http/security-events.js';
import { Messages } from './i18n/messages.js';
import { CATALOGUE_DIR, WEB_DIST_DIR } from './paths.js';
import { registerCsrfGuard } from './http/csrf-guard.js';
import { registerOpenApi, reportUndeclared } from './http/openapi.js';
import { VERSION } from './version.js';
import { registerSecurityHeaders } from './http/headers.js';
import { deriveKeys, loadPortalSecret } from './security/portal-secret.js';
import { routeThrottle, sharedThrottle } from './security/throttle.js';
import { hashQueue } from './security/hash-queue.js';
import { createSiem } from './siem/index.js';
import type { AuditForwarder } from './db/audit-log.js';
import { loggerOptions } from './http/logger-options.js';

export interface AppOptions {
  config: Config;
  database: PortalDatabase;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  catalogueDir?: string;
  webDistDir?: string;
  /** The outbox worker runs unless a test wants to drive it (it is still nudged after each enqueue). */
  startMailWorker?: boolean;
  /** Tests: hears of an answer whose status the route's OpenAPI description does not declare. */
  onUndeclaredStatus?: (route: string, status: number) => void;
  /** Where the identity providers' secrets are read (the environment variables the catalogue names). */
  env?: Record<string, string | undefined>;
  /** What /readyz answers besides the database: main.ts drains it on SIGTERM. */
  readiness?: Readiness;
}

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
      liveSessions: () => services.sessionStore.countLive(services.clock()),
      pool: options.database.pool,
      hashQueue: () => hashQueue.stats(),
      throttle: shared.state,
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
export const mailWorkerOf = (app: FastifyInstance): Pick<MailWorker, 'nudge'> => mailWorkers.get(app)!;

type Services = ReturnType<typeof createServices>;

/** The sessions' deadlines and the cap of sessions per user, from the configuration. */
const sessionSettings = (config: Config) => ({
  idleMs: config.sessionIdleSeconds * 1000,
  absoluteMs: config.sessionAbsoluteSeconds * 1000,
  maxPerAccount: config.maxSessionsPerUser,
});

/** The app's options, and what feeds the SIEM outbox in each audit event's transaction. */
type ServiceOptions = AppOptions & { forward: AuditForwarder };

/** Every store and service of the app, each given what it needs. */
function createServices(app: FastifyInstance, { config, database, ...options }: ServiceOptions, messages: Messages) {
  const clock = options.clock ?? systemClock;
  const keys = deriveKeys(loadPortalSecret(config.portalSecret, config.dataDir, (m) => app.log.warn(m)));
  const db = database.db;
  const accounts = new AccountStore(db);
  const audit = new AuditLog(db, clock, securityEventLog(app.log), options.forward);
  const cobrands = new CobrandDirectory(new CobrandStore(db), clock);
  const sessionStore = new SessionStore(db);
  const sessions = new SessionManager(sessionStore, sessionSettings(config), clock, (accountId, reason, count) =>
    audit.record('session.ended', accountId, { reason, count }),
  );
  const cookies = new SessionCookies(cookiePolicy(config.secureCookies), keys.csrf);
  // The one rule for every change to how an account signs in: a sign-in within the last five minutes.
  const fresh = new FreshSignIn(audit, clock);
  const [passwords, breached] = [
    new PasswordStore(db),
    breachedPasswords(config.breachedPasswords, (m) => app.log.warn(m)),
  ];
  const tokens = new TokenStore(db);
  const tokenServers = new TokenServers(config.tokenServer, config.radiusTiming, options.env ?? process.env, app.log);
  const passkeyStore = new PasskeyStore(db);
  const relyingParty = relyingPartyOf(config.publicOrigin, () => cobrands.relatedOrigins());
  const outbox = new OutboxStore(db, database.dialect);
  const transport = createTransport({
    ...{ smtpUrl: config.smtpUrl, smtpTls: config.smtpTls, smtpCaFile: config.smtpCaFile, dataDir: config.dataDir },
    ...{ from: config.mailFrom, replyTo: config.mailReplyTo, publicOrigin: config.publicOrigin },
    log: (m) => app.log.info(m),
  });
  const outage = outageLog(app.log);
  const mailWorker = new MailWorker(outbox, transport, clock, app.log, (err) => outage('mail outbox', err));
  const logoUrlFor = logoUrlFinder(options.catalogueDir ?? CATALOGUE_DIR, config.publicOrigin);
  const mailDeps = { accounts, passwords, sessions, cobrands, outbox, mailWorker, messages, audit, clock, logoUrlFor };
  const devices = new DeviceStore(db);
  const deviceNotices = new DeviceNotices({ ...mailDeps, devices });
  const deviceCookies = new DeviceCookies(keys.device, config.secureCookies);
  const recoveryCodes = new RecoveryCodeService({
    ...{ ...mailDeps, store: new RecoveryCodeStore(db), key: keys.recoveryCode },
    tokenServerOf: (record) => tokenServers.for(record.tokenServer).kind,
  });
  const passkeys = new PasskeyService({ ...mailDeps, store: passkeyStore, relyingParty });
  // After a full sign-in by any method or step (SSO's too): back to the security page where a change asked for it
  // (account-security/), else the offer of a passkey (passkey/) before the way on.
  const onward: Onward = async (open, location, cookies) =>
    signInReturn(open, cookies) ?? passkeys.onward(open, location, cookies);
  const signIn = new SignInService({
    ...{ accounts, cobrands, audit, clock, devices, deviceNotices, publicOrigin: config.publicOrigin },
    identityKey: keys.userIdentity,
    methods: signInMethods({
      ...{ accounts, passwords, tokens, tokenServers, sessions, cobrands, audit, clock, breached, devices },
      ...{ passkeys: passkeyStore, relyingParty, passkeyClones: passkeys, recoveryCodes },
      tokenKeys: { seal: keys.seal, pin: keys.pin },
      pinMatches,
      importClasses: new ImportClasses(db),
      ...{ identityKey: keys.userIdentity, temporaryPasswordKey: keys.temporaryPassword },
      publicOrigin: config.publicOrigin,
    }),
    onward,
  });
  const recovery = new RecoveryService({
    ...{ ...mailDeps, deviceNotices },
    questions: new QuestionPool(accounts, clock),
    ...{ identityKey: keys.userIdentity, temporaryPasswordKey: keys.temporaryPassword },
    temporaryPasswordMinutes: config.temporaryPasswordMinutes,
  });
  // The current password's try, claimed as a sign-in claims it: on the browser's trusted device, or the account.
  const claimTry = claimByAccountId({ accounts, devices });
  const changePassword = new ChangePasswordService({ ...mailDeps, breached, devices, deviceNotices, claimTry });
  const pins = new TokenPinService({ ...mailDeps, tokens, tokenServers, pinKey: keys.pin, sealKey: keys.seal });
  const throttle = routeThrottle(config.rateLimitPerMinute);
  const sso = ssoServices(db, keys, config, options.env ?? process.env, { accounts, audit, clock });

  // The login storm (docs/operations.md): argon2's own bounded queue, its limit, and readiness failing while it refuses.
  hashQueue.configure(config.hashQueue);
  const readiness = options.readiness ?? new Readiness();
  readiness.busyWhen(() => hashQueue.saturated());
  const stopHearing = database.onFailure((error) => readiness.heard(error));
  app.addHook('onClose', async () => stopHearing());
  return {
    ...{ readiness, outage, outbox, tokenServers, sessionStore, sso, clock, keys, messages, cookies, accounts, audit },
    ...{ cobrands, sessions, signIn, devices, deviceCookies, mailWorker, recovery, changePassword, pins, throttle },
    ...{ passkeys, recoveryCodes, fresh, onward },
    cspReports: new CspReportCounts(),
  };
}

/** Single sign-on's store, service, flow cookies and identity providers. */
function ssoServices(
  db: PortalDatabase['db'],
  keys: ReturnType<typeof deriveKeys>,
  config: Config,
  env: Record<string, string | undefined>,
  { accounts, audit, clock }: { accounts: AccountStore; audit: AuditLog; clock: Clock },
) {
  const ssoStore = new SsoStore(db);
  return {
    store: ssoStore,
    service: new SsoService({ accounts, store: ssoStore, audit, clock, publicOrigin: config.publicOrigin }),
    flows: new FlowCookies(keys.ssoFlow, config.secureCookies),
    providers: new Providers(env, config.publicOrigin, (cobrand) =>
      ssoStore.samlRequests(cobrand, clock, SAML_REQUEST_MS),
    ),
  };
}

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

async function registerRoutes(app: FastifyInstance, options: AppOptions, services: Services): Promise<void> {
  const { config, database } = options;
  const { clock, messages, accounts, audit, cobrands, sessions, cookies, signIn, throttle } = services;
  const { recovery, changePassword, pins, devices, deviceCookies, fresh } = services;
  const refusedBody = () => messages.text('en_US', 'login.failed');
  await app.register(healthRoutes, { db: database.db, readiness: services.readiness, clock, report: services.outage });
  await app.register(signInRoutes, { signIn, sessions, cookies, deviceCookies, throttle, refusedBody });
  await app.register(deviceRoutes, { devices, deviceCookies, sessions, cookies, audit, throttle, fresh });
  const publicOrigin = config.publicOrigin;
  await app.register(sessionRoutes, {
    ...{ clock, sessions, cookies, accounts, cobrands, messages, audit, publicOrigin },
    afterLogout: services.sso.flows.afterLogout,
  });
  await app.register(clientLoggingRoutes, { sessions, cookies, throttle });
  await app.register(cspReportRoutes, { counts: services.cspReports, throttle });
  await app.register(wellKnownRoutes, {
    ...{ securityTxt: config.securityTxt, publicOrigin },
    relatedOrigins: () => cobrands.relatedOrigins(),
  });
  // A password change's `forgetOtherDevices`, by the script's call or the form without it (the device capability's).
  const forgetOthers = (request: FastifyRequest, accountId: string) =>
    forgetOtherDevices({ devices, deviceCookies, audit }, request, accountId);
  await app.register(passwordRoutes, {
    ...{ recovery, changePassword, sessions, cookies, throttle },
    ...{ forgetOtherDevices: forgetOthers, deviceIdOf: (request) => deviceCookies.deviceId(request) },
  });
  await app.register(tokenRoutes, { accounts, sessions, cookies, pins, throttle, fresh });
  await app.register(passkeyRoutes, {
    ...{ passkeys: services.passkeys, accounts, cobrands, sessions, cookies, throttle, fresh },
    ...{ refusedBody, publicOrigin, secureCookies: config.secureCookies, clock },
    optionsThrottle: routeThrottle(config.passkeyOptionsPerMinute),
    signIn: routeSignIn({ signIn, sessions, cookies, deviceCookies }, 'passkey'),
  });
  // A recovery code in place of the tokencode, on its own route, and the signed-in user's codes (recovery-code/).
  const recoveryCodeSignIn = routeSignIn({ signIn, sessions, cookies, deviceCookies }, 'recovery-code');
  await app.register(recoveryCodeRoutes, {
    ...{ recoveryCodes: services.recoveryCodes, accounts, sessions, cookies, throttle, refusedBody, fresh },
    signIn: recoveryCodeSignIn,
  });
  await app.register(cobrandRoutes, { cobrands, catalogueDir: options.catalogueDir ?? CATALOGUE_DIR });
  await app.register(ssoRoutes, {
    ...{ ...services.sso, cobrands, sessions, cookies, clock, publicOrigin, audit },
    sessionAbsoluteSeconds: config.sessionAbsoluteSeconds,
    // The one decision of where a full sign-in goes first, as the sign-in service's.
    onward: services.onward,
  });
  await registerScreens(app, {
    webDistDir: options.webDistDir ?? WEB_DIST_DIR,
    ...{ messages, signIn, recovery, changePassword, accounts, pins, sessions, cookies, deviceCookies },
    ...{ throttle, audit, forgetOtherDevices: forgetOthers, recoveryCodeSignIn },
    ...{ secureCookies: config.secureCookies, platformOrigin: config.platformOrigin },
    ...{ cobrands, pageCobrand: pageCobrandFinder(cobrands, options.catalogueDir ?? CATALOGUE_DIR) },
  });
}
