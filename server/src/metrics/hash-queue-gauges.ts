/**
 * The hash queue as an alert and an autoscaler see it (docs/operations.md, "Login storms"): its length and the wait it
 * means, the wait sign-ins had, the refusals for load and the dropped waiters, and the hash rate it runs at. Read
 * from the queue's own totals at scrape time, as the audit counts are.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { HashQueueCounts } from '../security/hash-queue.js';

/** What the queue reports (HashQueue.stats). */
export interface HashQueueReading {
  concurrency: number;
  maxQueueSeconds: number;
  running: number;
  waiting: number;
  meanSeconds: number;
  backlogSeconds: number;
  counts: HashQueueCounts;
}

type Source = () => HashQueueReading;

function gauge(registry: Registry, name: string, help: string, read: (r: HashQueueReading) => number, source: Source) {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read(source()));
    },
  });
}

/** A counter following one of the queue's running totals (the queue is per process, the registry per app). */
function total(registry: Registry, name: string, help: string, key: keyof HashQueueCounts, source: Source) {
  let seen = source().counts[key];
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = source().counts[key];
      if (now > seen) this.inc(now - seen);
      seen = now;
    },
  });
}

export function hashQueueGauges(registry: Registry, source: Source): void {
  gauge(registry, 'portal_hash_queue_length', 'argon2 hashes waiting for a place.', (r) => r.waiting, source);
  gauge(registry, 'portal_hash_running', 'argon2 hashes running (or holding a place).', (r) => r.running, source);
  gauge(
    registry,
    'portal_hash_concurrency',
    'argon2 hashes at once at most (HASH_CONCURRENCY).',
    (r) => r.concurrency,
    source,
  );
  gauge(
    registry,
    'portal_hash_queue_backlog_seconds',
    'Seconds a new sign-in would wait for its hash: above portal_hash_queue_limit_seconds it is refused for load.',
    (r) => r.backlogSeconds,
    source,
  );
  gauge(registry, 'portal_hash_queue_limit_seconds', 'HASH_QUEUE_SECONDS.', (r) => r.maxQueueSeconds, source);
  gauge(
    registry,
    'portal_hash_duration_seconds',
    'Mean time of one argon2 hash, as measured (moving average); the capacity is concurrency / this, a second.',
    (r) => r.meanSeconds,
    source,
  );
  total(registry, 'portal_hashes_total', 'argon2 hashes run: its rate is the verify rate.', 'hashes', source);
  total(registry, 'portal_hash_queue_waits_total', 'Hashes that had to wait for a place.', 'waited', source);
  total(
    registry,
    'portal_hash_queue_wait_seconds_total',
    'Seconds those hashes waited, summed: over portal_hash_queue_waits_total, the mean wait.',
    'waitSeconds',
    source,
  );
  total(
    registry,
    'portal_signin_refused_for_load_total',
    'Sign-ins refused at once for load (503, Retry-After), before anything was read or counted.',
    'refused',
    source,
  );
  total(
    registry,
    'portal_hash_abandoned_total',
    'Sign-ins dropped while they waited, their browser gone: never verified.',
    'abandoned',
    source,
  );
}
