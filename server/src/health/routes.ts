/** Liveness (the process answers) and readiness (the database answers). */
import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { VERSION } from '../version.js';

export const healthRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/healthz', async () => ({ status: 'ok', version: VERSION }));
  app.get('/readyz', async (request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};
