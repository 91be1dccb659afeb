/** Starts one instance of the service. */
import { buildAdminApp } from './admin-app.js';
import { buildApp, loggerOptions, metricsOf } from './app.js';
import { startManagementServer } from './metrics/index.js';
import { bootstrap } from './bootstrap.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { demoOperatorLines } from './demo-operators.js';
import { demoBanner } from './demo-users.js';
import { VERSION } from './version.js';
import { AuditLog } from './db/audit-log.js';
import { siemForwarder } from './siem/index.js';
import { giveBackMemoryWhenIdle, shrinkingCollection } from './idle-memory.js';
import { Readiness } from './health/index.js';
import { outageLog } from './http/outage-log.js';
import { guardProcess } from './process-guard.js';
import { checkProviders, readinessLines } from './sso/index.js';
import { storesOf } from './stores.js';

/** pino's own logger, under Fastify's narrower type, can flush what it holds. */
type PinoFlush = { flush(done: () => void): void };

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = configOrExit();
// Until the app's logger exists, warnings wait; the tables exist before any request or background pass uses them.
const early: string[] = [];
let warn = (message: string): void => {
  early.push(message);
};
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onWarning: (m) => warn(m) });
const { seeded, demoTokens, demoOperators } = await bootstrap(config, database, (m) => warn(m));
const readiness = new Readiness();
const app = await buildApp({ config, database, readiness });
warn = (message) => app.log.warn(message);
early.forEach(warn);
if (seeded) app.log.info('created the demo users');
if (config.trustProxy === true)
  warn(
    'TRUST_PROXY=true believes every X-Forwarded-For hop, so a client can choose its own address: set the number of proxies in front (1 for one) or their addresses (docs/operations.md, "Behind a proxy").',
  );

const sessionStore = storesOf(database).sessions;
const audit = new AuditLog(database.db, Date.now, undefined, siemForwarder(database));
const sweep = async () => {
  for (const accountId of await sessionStore.deleteExpired(Date.now()))
    await audit.record('session.ended', accountId, { reason: 'expired', count: 1 });
};
const outage = outageLog(app.log);
const sweeper = setInterval(() => {
  sweep().catch((err: unknown) => outage('session sweep', err));
}, 60_000);
sweeper.unref();

const collection = shrinkingCollection();
if (!collection)
  app.log.info(
    'Started without --expose-gc: an idle instance keeps the memory a load grew (docs/operations.md, "Memory").',
  );
const idleMemory = giveBackMemoryWhenIdle(collection);
app.server.on('request', idleMemory.seen);
/**
 * SIGTERM (a rolling deploy): /readyz answers 503 at once while the service keeps serving for DRAIN_SECONDS, so the
 * balancer takes this instance out before it stops accepting; then what is in flight finishes and the database
 * closes. SIGINT (Ctrl-C at a terminal) skips the drain. A second signal while closing is ignored: under `npm start`
 * a terminal's Ctrl-C reaches both this process and the launcher, which passes it on (scripts/start.mjs). The handlers
 * are in place before the service listens: a supervisor that stops it the moment /readyz answers, while the start
 * banner is still checking the identity providers, gets a clean close too.
 */
const listeners: { management: { close(): unknown } | null; admin: { close(): Promise<unknown> } | null } = {
  management: null,
  admin: null,
};
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    readiness.drain();
    const drainMs = signal === 'SIGTERM' ? config.drainSeconds * 1000 : 0;
    if (drainMs) app.log.info(`${signal}: /readyz answers 503; serving ${config.drainSeconds} s more, then stopping`);
    await new Promise((resolve) => setTimeout(resolve, drainMs));
    clearInterval(sweeper);
    idleMemory.stop();
    listeners.management?.close();
    await listeners.admin?.close();
    app
      .close()
      .then(() => database.close())
      .catch((err: unknown) => app.log.error({ err }, 'closing failed'))
      .finally(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
// A port someone else holds (another instance on this machine) costs the metrics, never the service.
listeners.management =
  config.metricsPort === null
    ? null
    : await startManagementServer(app, metricsOf(app), config.metricsPort, config.metricsHost).catch((error: Error) => {
        app.log.warn(`The management port ${config.metricsPort} is not open (${error.message}); no metrics here.`);
        return null;
      });
listeners.admin = await startAdminListener();
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const origin =
  config.publicOrigin.replace(/:\d+$/, '') === 'http://localhost' ? `http://localhost:${port}` : config.publicOrigin;
const providers = await checkSingleSignOn();
// The logger writes in the background: what it has been given goes out first, so no log line lands inside the banner.
await new Promise<void>((resolve) => ('flush' in app.log ? (app.log as PinoFlush).flush(resolve) : resolve()));
if (config.demo) {
  const staff = demoOperatorLines(listeners.admin ? config.adminOrigin : null, demoOperators);
  const codes = config.newDeviceVerification === 'email';
  console.log([demoBanner(origin, VERSION, demoTokens, config.dataDir, codes), ...staff].join('\n'));
} else console.log(`Cobrand sign-in portal ${VERSION} listening on ${config.host}:${port}`);
const singleSignOn = readinessLines(providers);
if (singleSignOn.length) console.log(singleSignOn.join('\n'));
// After the banner: a line logged just before it may still be on its way out when the banner is printed (the flush
// above does not wait for a write already under way).
reportProviders(providers);

// From here on, nothing a request or a background pass does can end the process.
guardProcess(app.log);

/** Each cobrand's identity provider, checked: the start banner's single sign-on lines are made from them. */
async function checkSingleSignOn(): Promise<Awaited<ReturnType<typeof checkProviders>>> {
  try {
    const store = storesOf(database).cobrands;
    const stored = await Promise.all((await store.list()).map(({ name }) => store.find(name)));
    return await checkProviders(
      stored.flatMap((s) => (s ? [s.record] : [])),
      process.env,
    );
  } catch (error) {
    app.log.warn({ err: error }, 'the single sign-on settings could not be checked');
    return [];
  }
}

/** A log line for each cobrand whose provider settings are not usable, or that the provider may read otherwise. */
function reportProviders(results: Awaited<ReturnType<typeof checkProviders>>): void {
  for (const r of results.filter((r) => r.problems.length > 0))
    app.log.warn({ cobrand: r.cobrand, protocol: r.protocol, problems: r.problems }, 'single sign-on not ready');
  for (const r of results.filter((r) => r.notes.length > 0))
    app.log.warn(
      { cobrand: r.cobrand, protocol: r.protocol, notes: r.notes },
      'single sign-on: check with the provider',
    );
}

/**
 * The admin API on its own listener (ADMIN_PORT on ADMIN_HOST, loopback by default), never the public one. A port
 * someone else holds costs the admin API, never the service.
 */
async function startAdminListener() {
  if (config.adminPort === null) return null;
  const adminApp = await buildAdminApp({
    config,
    database,
    logger: loggerOptions(config.logLevel, config.logFormat),
  });
  try {
    await adminApp.listen({ port: config.adminPort, host: config.adminHost });
    return adminApp;
  } catch (error) {
    app.log.warn(`The admin port ${config.adminPort} is not open (${(error as Error).message}); no admin API here.`);
    await adminApp.close();
    return null;
  }
}
