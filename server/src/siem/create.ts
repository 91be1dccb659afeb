/** The SIEM capability put together: the outbox the audit log feeds, its sinks, and the worker that empties it. */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.js';
import type { PortalDatabase } from '../db/database.js';
import { outageLog } from '../http/outage-log.js';
import { CobrandEndpoints } from './cobrand-endpoints.js';
import { DEPLOYMENT, SiemOutbox } from './siem-outbox.js';
import { SiemWorker } from './siem-worker.js';
import { siemSinks, type SiemSettings } from './sink-registry.js';

export interface SiemOptions {
  database: PortalDatabase;
  config: { siem: SiemSettings };
  /** Where the cobrands' endpoint secrets are read (the variables their records name). */
  env: Record<string, string | undefined>;
  clock: Clock;
  /** The worker runs unless a test drives it (as the mail worker). */
  startMailWorker?: boolean | undefined;
}

const workers = new WeakMap<FastifyInstance, SiemWorker>();
/** The app's SIEM worker, for the tests that run a pass when they choose. */
export const siemWorkerOf = (app: FastifyInstance): SiemWorker => workers.get(app)!;

/**
 * What feeds the outbox alone, for the processes that write audit events but send none (the CLI, the admin listener,
 * the session sweep): each event is queued for the deployment's sinks as the instances' workers know them, whatever
 * SIEM settings the writer itself has, and for its cobrand's endpoint.
 */
export function siemForwarder(database: PortalDatabase, clock: Clock = Date.now) {
  return new SiemOutbox(database.db, database.dialect, [DEPLOYMENT], new CobrandEndpoints(clock)).forwarder;
}

/** Runs with the app: the worker starts with it, and stops, with the sinks closed, when it closes. */
export function createSiem(app: FastifyInstance, { database, config, env, clock, startMailWorker }: SiemOptions) {
  const endpoints = new CobrandEndpoints(clock);
  const sinks = siemSinks(config.siem, (cobrand) => endpoints.of(cobrand, database.db), env);
  const outbox = new SiemOutbox(database.db, database.dialect, sinks.names, endpoints);
  const outage = outageLog(app.log);
  const worker = new SiemWorker(outbox, sinks.sinkFor, clock, app.log, (err) => outage('SIEM outbox', err));
  workers.set(app, worker);
  if (startMailWorker !== false) worker.start();
  app.addHook('onClose', async () => {
    await worker.stop();
    sinks.close();
  });
  return {
    forwarder: outbox.forwarder,
    /** What the metrics read: deliveries by this instance, and the outbox's backlog (database-wide). */
    metrics: { outcomes: worker.outcomes, backlog: () => outbox.backlog(clock()) },
  };
}
