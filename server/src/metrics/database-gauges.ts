/**
 * What the metrics read from the database at a scrape: whether it answered (`portal_db_up`), the outbox's depth and
 * the live sessions, and the connection pool. A scrape never waits on the database longer than READ_TIMEOUT_MS, and a
 * database that hangs (pgbouncer paused, a failover) gets one reading at a time, never one a scrape: the answer then
 * carries the process's metrics, `portal_db_up 0`, and no database-wide gauges rather than old values.
 */
import { Gauge, type Registry } from 'prom-client';
import { SingleFlight } from '../db/single-flight.js';

/** Well inside Prometheus's default scrape_timeout (10 s), which applies to the whole answer. */
export const READ_TIMEOUT_MS = 2_000;

export interface DatabaseSources {
  outboxDepth: () => Promise<number>;
  liveSessions: () => Promise<number>;
  pool?: (() => { total: number; idle: number; waiting: number }) | undefined;
  /** Security events waiting for the SIEM, and how long the oldest has waited (the delivery lag). */
  siemBacklog?: () => Promise<{ events: number; oldestSeconds: number }>;
}

interface Readings {
  outboxDepth: number;
  liveSessions: number;
  siem?: { events: number; oldestSeconds: number };
}

export function databaseGauges(registry: Registry, sources: DatabaseSources, timeoutMs = READ_TIMEOUT_MS): void {
  const reader = new SingleReader(sources, timeoutMs);
  // The pool gauge reads the pool as the scrape begins; the readings start a macrotask later, so the scrape's own
  // queries are never in its counts.
  if (sources.pool) poolGauge(registry, sources.pool);
  new Gauge({
    name: 'portal_db_up',
    help: "1 when this instance's database answered the scrape's readings in time, 0 when it did not.",
    registers: [registry],
    async collect() {
      this.set((await reader.read()) ? 1 : 0);
    },
  });
  readingGauge(registry, reader, 'portal_outbox_depth', 'Mails waiting in the outbox (database-wide).', (r) => {
    return r.outboxDepth;
  });
  if (sources.siemBacklog) {
    readingGauge(
      registry,
      reader,
      'portal_siem_backlog_events',
      'Security events waiting for the SIEM (database-wide).',
      (r) => r.siem?.events,
    );
    readingGauge(
      registry,
      reader,
      'portal_siem_lag_seconds',
      'How long the oldest security event waiting for the SIEM has waited (database-wide); 0 when none waits.',
      (r) => r.siem?.oldestSeconds,
    );
  }
  readingGauge(
    registry,
    reader,
    'portal_live_sessions',
    'Sessions not past their idle deadline (database-wide).',
    (r) => {
      return r.liveSessions;
    },
  );
}

/** One reading of the database in flight at a time; a scrape waits for it at most `timeoutMs`. */
class SingleReader {
  private readonly flight: SingleFlight<Readings>;

  constructor(
    private readonly sources: DatabaseSources,
    timeoutMs: number,
  ) {
    this.flight = new SingleFlight(timeoutMs);
  }

  /** The readings, or null when the database failed or did not answer in time. */
  read(): Promise<Readings | null> {
    return this.flight.run(() => this.readOnce()).catch(() => null);
  }

  private async readOnce(): Promise<Readings> {
    await new Promise((resolve) => setImmediate(resolve));
    // One after the other: a reading holds one pool connection at most.
    const outboxDepth = await this.sources.outboxDepth();
    const liveSessions = await this.sources.liveSessions();
    const siem = await this.sources.siemBacklog?.();
    return { outboxDepth, liveSessions, ...(siem ? { siem } : {}) };
  }
}

/** A gauge with no sample at all when the database did not answer: an old or made-up value would mislead. */
function readingGauge(
  registry: Registry,
  reader: SingleReader,
  name: string,
  help: string,
  pick: (readings: Readings) => number | undefined,
): void {
  class ReadingGauge extends Gauge {
    override async get() {
      const readings = await reader.read();
      const value = readings ? pick(readings) : undefined;
      if (value !== undefined) this.set(value);
      const metric = await super.get();
      return value !== undefined ? metric : { ...metric, values: [] };
    }
  }
  new ReadingGauge({ name, help, registers: [registry] });
}

function poolGauge(registry: Registry, pool: NonNullable<DatabaseSources['pool']>): void {
  new Gauge({
    name: 'portal_db_pool_connections',
    help: "PostgreSQL pool connections by state, read before the scrape's own queries.",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const { total, idle, waiting } = pool();
      this.set({ state: 'in_use' }, total - idle);
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'waiting_clients' }, waiting);
    },
  });
}
