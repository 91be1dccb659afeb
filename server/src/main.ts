/** Starts one instance of the service. */
import { buildApp, metricsOf } from './app.js';
import { startManagementServer } from './metrics/index.js';
import { bootstrap } from './bootstrap.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { demoBanner } from './demo-users.js';
import { VERSION } from './version.js';
import { SessionStore } from './session/index.js';
import { AuditLog } from './db/audit-log.js';
import { giveBackMemoryWhenIdle, shrinkingCollection } from './idle-memory.js';

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
// Until the app's logger exists, a warning goes to stderr.
let warn = (message: string) => console.error(message);
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onWarning: (m) => warn(m) });
const app = await buildApp({ config, database });
warn = (message) => app.log.warn(message);
const { seeded, demoTokens } = await bootstrap(config, database, (m) => app.log.warn(m));
if (seeded) app.log.info('created the demo users');

const sessionStore = new SessionStore(database.db);
const audit = new AuditLog(database.db, Date.now);
const sweep = async () => {
  for (const accountId of await sessionStore.deleteExpired(Date.now()))
    await audit.record('session.ended', accountId, { reason: 'expired', count: 1 });
};
const sweeper = setInterval(() => {
  sweep().catch((err: unknown) => app.log.warn({ err }, 'session sweep failed'));
}, 60_000);
sweeper.unref();

const idleMemory = giveBackMemoryWhenIdle(shrinkingCollection());
app.server.on('request', idleMemory.seen);
await app.listen({ port: config.port, host: config.host });
// A port someone else holds (another instance on this machine) costs the metrics, never the service.
const management =
  config.metricsPort === null
    ? null
    : await startManagementServer(app, metricsOf(app), config.metricsPort, config.metricsHost).catch((error: Error) => {
        app.log.warn(`The management port ${config.metricsPort} is not open (${error.message}); no metrics here.`);
        return null;
      });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const origin =
  config.publicOrigin.replace(/:\d+$/, '') === 'http://localhost' ? `http://localhost:${port}` : config.publicOrigin;
if (config.demo) console.log(demoBanner(origin, VERSION, demoTokens));
else console.log(`Cobrand sign-in portal ${VERSION} listening on ${config.host}:${port}`);

// A second signal while closing is ignored: under `npm start` a terminal's Ctrl-C reaches both this process and the
// launcher, which passes it on (scripts/start.mjs).
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    clearInterval(sweeper);
    idleMemory.stop();
    management?.close();
    app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
