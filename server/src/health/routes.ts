/** Liveness (the process answers) and readiness (the database answers). */
import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../db/tables.js';
import { VERSION } from '../version.js';

export const healthRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  const Health = Type.Object({ status: Type.String(), version: Type.Optional(Type.String()) });
  const live = { operationId: 'liveness', summary: 'Whether the process answers', response: { 200: Health } };
  app.get('/healthz', { schema: live }, async () => ({ status: 'ok', version: VERSION }));
  const ready = {
    operationId: 'readiness',
    summary: 'Whether the database answers',
    response: { 200: Health, 503: Health },
  };
  app.get('/readyz', { schema: ready }, async (request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};
