/**
 * Composes the admin listener (ADMIN_PORT): the operator's services (operator.ts, as the command line uses them) behind
 * the admin API (admin/), SCIM, and the help-desk console (staff/, at /console/: its sign-in, and the admin API for
 * its operator, console-admin-api.ts). It shares the database with the public service and nothing else: a session it
 * ends, or a user it deactivates, is ended or refused on every instance at the next request.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyServerOptions } from 'fastify';
import { type AdminPluginOptions, type AdminServerOptions, ApiKeys, buildAdminServer } from './admin/index.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { operatorCalls } from './console-admin-api.js';
import { staffProvider } from './operator-sign-on.js';
import type { PortalDatabase } from './db/database.js';
import { outageLog } from './http/outage-log.js';
import { Messages } from './i18n/messages.js';
import { createOperator } from './operator.js';
import { scimRoutes, SCIM_PREFIX } from './scim/index.js';
import { siemForwarder } from './siem/index.js';
import { deriveKeys, loadPortalSecret } from './security/portal-secret.js';
import { sharedThrottle } from './security/throttle.js';
import { WEB_DIST_DIR } from './paths.js';
import { consoleActor, consoleFiles, consoleRoutes, consoleTexts } from './staff/index.js';
import { staffServices } from './staff-services.js';
import { VERSION } from './version.js';

export interface AdminAppOptions {
  config: Config;
  database: PortalDatabase;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Where a catalogue import reads; the deployment's own folder when not given. */
  catalogueDir?: string;
  messages?: Messages;
  /** The built web app, whose console page the listener serves (web/dist when not given). */
  webDistDir?: string;
  /** The environment whose variables STAFF_IDP_FILE's record names (its client secret); the process's when not given. */
  env?: Record<string, string | undefined>;
  /** More calls on the listener, behind the same keys, throttle and audit, after SCIM's at /scim/v2. */
  plugins?: AdminServerOptions['plugins'];
}

export async function buildAdminApp(options: AdminAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const keys = deriveKeys(loadPortalSecret(config.portalSecret, config.dataDir, () => {}));
  // Every admin change reaches the bank's SIEM as the service's own events do.
  const forward = siemForwarder(database);
  const messages = options.messages ?? new Messages();
  const operator = createOperator({
    database,
    keys,
    clock,
    catalogueDir: options.catalogueDir,
    forward,
    publicOrigin: config.publicOrigin,
    messages,
    temporaryPasswordMinutes: config.temporaryPasswordMinutes,
  });
  let outage = (_part: string, _error: unknown): void => {};
  // The throttles count where the public service's do: in Redis with REDIS_URL, so the instances count together. What
  // it says before the listener's log exists waits for it.
  const early: string[] = [];
  let warn = (message: string): void => void early.push(message);
  let info = (_message: string): void => undefined;
  const shared = await sharedThrottle(config.redisUrl, { warn: (m) => warn(m), info: (m) => info(m) });
  const staff = staffServices(database, keys, clock, operator.auditLog, config.adminOrigin);
  const webDistDir = options.webDistDir ?? WEB_DIST_DIR;
  const texts = consoleTexts(messages);
  const staffProviderDeps = {
    ...{ env: options.env ?? process.env, adminOrigin: config.adminOrigin, flowKey: keys.consoleFlow },
    ...{ database, clock },
  };
  const consolePlugin: FastifyPluginAsync<AdminPluginOptions> = async (scope, { adminRoutes }) => {
    consoleFiles(scope, webDistDir);
    await scope.register(consoleRoutes, {
      sessions: staff.sessions,
      csrfKey: keys.consoleCsrf,
      secure: config.adminOrigin.startsWith('https:'),
      signInPerMinute: config.rateLimitPerMinute,
      operatorCalls: operatorCalls(adminRoutes),
      ...(staff.passkeys ? { passkeys: staff.passkeys } : {}),
      ...(config.staffIdp ? { signOn: staffProvider(config.staffIdp, staffProviderDeps) } : {}),
      page: { webDistDir, texts },
    });
  };
  const app = await buildAdminServer({
    operations: operator,
    keys: new ApiKeys(database.db, keys.apiKey, clock),
    audit: operator.auditLog,
    messages,
    outage: (part, error) => outage(part, error),
    version: VERSION,
    perMinute: config.adminRatePerMinute,
    keyFailuresPerMinute: config.adminKeyFailuresPerMinute,
    throttleStore: shared.options,
    logger: options.logger ?? false,
    plugins: [
      { plugin: scimRoutes, prefix: SCIM_PREFIX },
      { plugin: consolePlugin, prefix: '' },
      ...(options.plugins ?? []),
    ],
    callerOf: consoleActor,
  }).catch(async (error: unknown) => {
    await shared.close();
    throw error;
  });
  outage = outageLog(app.log);
  warn = (message) => app.log.warn(message);
  info = (message) => app.log.info(message);
  early.forEach(warn);
  app.addHook('onClose', shared.close);
  return app;
}
