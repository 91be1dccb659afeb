/** Liveness (the process answers) and readiness (the database answers and takes writes, and no stop is under way). */
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../db/tables.js';
import { VERSION } from '../version.js';
import type { Readiness } from './readiness.js';
import { guard } from '../http/route-guard.js';

export interface HealthOptions {
  db: Kysely<Database>;
  readiness: Readiness;
  clock: () => number;
  /** Told why the database did not answer (logged once per interval, not per probe). */
  report: (part: string, error: unknown) => void;
}

/** Asked by the load balancer every few seconds from its own address: a throttle would take the instance out. */
const PROBE = guard({ throttle: 'none: the load balancer’s probe, from its own address', changes: false });

export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { db, readiness, clock, report }) => {
  const Health = Type.Object({ status: Type.String(), version: Type.Optional(Type.String()) });
  const live = { operationId: 'liveness', summary: 'Whether the process answers', response: { 200: Health } };
  app.get('/healthz', { schema: live, config: PROBE }, async () => ({ status: 'ok', version: VERSION }));
  const ready = {
    operationId: 'readiness',
    summary:
      'Whether the database answers and takes writes, no stop is under way, and sign-ins are not refused for load',
    response: { 200: Health, 503: Health },
  };
  app.get('/readyz', { schema: ready, config: PROBE }, async (_request, reply) => {
    const state = await readiness.check(db, clock()).catch((error: unknown) => {
      report('database', error);
      return 'unavailable' as const;
    });
    return state === 'ready' ? { status: state } : reply.code(503).send({ status: state });
  });
};
