/**
 * The service's Prometheus metrics (prom-client), one registry per app: the process, every request by route and
 * status, and what the portal does (sign-ins, lockouts, mail, sessions, the database pool). Counts of events are read
 * from where they are kept (the audit log's and the mail worker's counters) when Prometheus scrapes, not per request.
 */
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AuditKind } from '../db/audit-log.js';

export interface MetricSources {
  /** Audit events this instance wrote, by kind. */
  auditCounts: ReadonlyMap<AuditKind, number>;
  mail: { readonly sent: number; readonly failed: number };
  outboxDepth: () => Promise<number>;
  liveSessions: () => Promise<number>;
  pool?: (() => { total: number; idle: number; waiting: number }) | undefined;
}

/** A counter that follows a running total kept elsewhere. */
function following(
  registry: Registry,
  name: string,
  help: string,
  totals: () => Record<string, number>,
  label?: string,
) {
  const seen = new Map<string, number>();
  return new Counter({
    name,
    help,
    labelNames: label ? [label] : [],
    registers: [registry],
    collect() {
      for (const [key, total] of Object.entries(totals())) {
        const delta = total - (seen.get(key) ?? 0);
        seen.set(key, total);
        if (delta <= 0) continue;
        if (label) this.inc({ [label]: key }, delta);
        else this.inc(delta);
      }
    },
  });
}

export function portalMetrics(app: FastifyInstance, sources: MetricSources): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  requestMetrics(app, registry);
  const audit = (kind: AuditKind) => sources.auditCounts.get(kind) ?? 0;
  following(
    registry,
    'portal_signin_attempts_total',
    'Sign-in attempts by result; an attempt that locked the account is refused and locked.',
    () => ({
      success: audit('signin.success'),
      refused: audit('signin.failure'),
      locked: audit('account.locked'),
    }),
    'result',
  );
  following(registry, 'portal_lockouts_total', 'Accounts locked after six refused tries.', () => ({
    all: audit('account.locked'),
  }));
  following(
    registry,
    'portal_mail_total',
    'Mails queued (temporary passwords, PIN and password notices), sent, and failed tries.',
    () => ({
      queued: audit('recovery.mailed') + audit('token.pin.set') + audit('password.changed'),
      sent: sources.mail.sent,
      failed: sources.mail.failed,
    }),
    'outcome',
  );
  gauge(registry, 'portal_outbox_depth', 'Mails waiting in the outbox.', sources.outboxDepth);
  gauge(registry, 'portal_live_sessions', 'Sessions not yet past their idle deadline.', sources.liveSessions);
  if (sources.pool) {
    const pool = sources.pool;
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool connections by state.',
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
  return registry;
}

function gauge(registry: Registry, name: string, help: string, read: () => Promise<number>) {
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      this.set(await read());
    },
  });
}

/** Requests by route pattern (never the raw address: it can hold a user ID), method and status. */
function requestMetrics(app: FastifyInstance, registry: Registry) {
  const labelNames = ['route', 'method', 'status'];
  const count = new Counter({
    name: 'portal_http_requests_total',
    help: 'Requests answered.',
    labelNames,
    registers: [registry],
  });
  const seconds = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer a request.',
    labelNames,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      route: request.routeOptions.url ?? 'unmatched',
      method: request.method,
      status: String(reply.statusCode),
    };
    count.inc(labels);
    seconds.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
