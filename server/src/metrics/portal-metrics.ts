/**
 * The service's Prometheus metrics (prom-client), one registry per app: the process, every request by route and
 * status, and what the portal does (sign-ins, lockouts, mail; the database's gauges are in database-gauges.ts). Counts
 * of events are read from where they are kept (the audit log's and the mail worker's counters) when Prometheus
 * scrapes, not per request.
 */
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AuditKind } from '../db/audit-log.js';
import type { ThrottleState } from '../security/throttle.js';
import { databaseGauges, type DatabaseSources } from './database-gauges.js';
import { hashQueueGauges, type HashQueueReading } from './hash-queue-gauges.js';
import { stuffingMetrics, type StuffingSources } from './stuffing-metrics.js';

export interface MetricSources extends DatabaseSources {
  /** Audit events this instance wrote, by kind. */
  auditCounts: ReadonlyMap<AuditKind, number>;
  mail: { readonly sent: number; readonly failed: number };
  /** Security events this instance delivered to the SIEM, and tries that failed (each tried again). */
  siem?: {
    outcomes: { readonly delivered: number; readonly failed: number };
    /** Events waiting (database-wide), and how long the oldest has waited: the delivery lag. */
    backlog: () => Promise<{ events: number; oldestSeconds: number }>;
  };
  /** The hash queue as it stands (hash-queue-gauges.ts). */
  hashQueue?: () => HashQueueReading;
  /** Content-Security-Policy violations browsers reported to this instance, by directive. */
  cspReports: ReadonlyMap<string, number>;
  /** Passkey ceremonies by `kind:outcome` (passkey/passkey-service.ts). */
  passkeyCeremonies?: ReadonlyMap<string, number>;
  /** How the per-address throttle counts now (security/throttle.ts). */
  throttle?: () => ThrottleState;
  /** Sign-in tries by cobrand, and distinct user IDs per client address (stuffing-metrics.ts). */
  stuffing?: StuffingSources;
}

const THROTTLE_STATES: readonly ThrottleState[] = ['shared', 'off', 'local'];

/** 1 for the throttle's state now, 0 for the others: every state's series exists for an alert to read. */
function throttleGauge(registry: Registry, state: () => ThrottleState): void {
  new Gauge({
    name: 'portal_throttle_shared',
    help: 'How the per-address throttle counts: shared (Redis), off (Redis away: calls not throttled), local (no Redis).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const now = state();
      for (const each of THROTTLE_STATES) this.set({ state: each }, each === now ? 1 : 0);
    },
  });
}

/**
 * prom-client's gauges named like counters (`promtool check metrics` refuses them); the same counts stay, by type,
 * in portal_nodejs_active_handles, portal_nodejs_active_requests and portal_nodejs_active_resources.
 */
const GAUGES_NAMED_TOTAL = ['handles', 'requests', 'resources'].map((what) => `portal_nodejs_active_${what}_total`);

/** A counter that follows a running total kept elsewhere. */
function following(
  registry: Registry,
  name: string,
  help: string,
  totals: () => Record<string, number>,
  label?: string,
) {
  const seen = new Map<string, number>();
  const counter = new Counter({
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
  // Every label at 0 from the start: an alert's rate() or increase() over a series that appears only with its first
  // event sees nothing until then (mail relay down from the start: no `sent` series at all).
  if (label) for (const key of Object.keys(totals())) counter.inc({ [label]: key }, 0);
  return counter;
}

export function portalMetrics(app: FastifyInstance, sources: MetricSources): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  for (const name of GAUGES_NAMED_TOTAL) registry.removeSingleMetric(name);
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
    'portal_new_device_codes_total',
    'New-device verification codes: sent, unsent (relay down, or the hourly limit), passed, and failed (a wrong code).',
    () => ({
      sent: audit('signin.verification.sent'),
      unsent: audit('signin.verification.unsent'),
      passed: audit('signin.verification.passed'),
      failed: audit('signin.verification.failed'),
    }),
    'outcome',
  );
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
  if (sources.passkeyCeremonies) {
    const ceremonies = sources.passkeyCeremonies;
    following(
      registry,
      'portal_passkey_ceremonies_total',
      'Passkey ceremonies by kind and outcome (registration: begun, added, refused; sign-in: begun, passed, refused).',
      () => Object.fromEntries(ceremonies),
      'ceremony',
    );
  }
  following(
    registry,
    'portal_csp_reports_total',
    'Content-Security-Policy violations browsers reported, by the directive broken (other: one not in the policy).',
    () => Object.fromEntries(sources.cspReports),
    'directive',
  );
  if (sources.siem) {
    const siem = sources.siem.outcomes;
    following(
      registry,
      'portal_siem_deliveries_total',
      "Security events delivered to the SIEM's webhooks or syslog, and tries that failed (each tried again).",
      () => ({ delivered: siem.delivered, failed: siem.failed }),
      'outcome',
    );
  }
  databaseGauges(registry, { ...sources, ...(sources.siem ? { siemBacklog: sources.siem.backlog } : {}) });
  if (sources.hashQueue) hashQueueGauges(registry, sources.hashQueue);
  if (sources.throttle) throttleGauge(registry, sources.throttle);
  if (sources.stuffing) stuffingMetrics(registry, sources.stuffing);
  return registry;
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
