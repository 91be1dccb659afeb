/** /admin/v1/audit: the security events, a page at a time, or all of them streamed as JSON lines. */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AdminOperations } from '../operations.js';
import { requireScope, scopeOf, ADMIN_READ } from '../guard.js';
import { AuditPageSchema, AuditQuerySchema } from '../schemas.js';

const read = { preHandler: requireScope('audit:read'), config: ADMIN_READ };
const tags = ['audit'];

/** One JSON object a line, as a log pipeline reads them: the lines go out as the pages are read. */
async function* lines(events: AsyncIterable<unknown>) {
  for await (const event of events) yield `${JSON.stringify(event)}\n`;
}

export const auditRoutes: FastifyPluginAsyncTypebox<{ operations: AdminOperations }> = async (app, { operations }) => {
  app.get(
    '/audit',
    {
      ...read,
      schema: {
        operationId: 'queryAudit',
        tags,
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema },
        summary: 'Security events, oldest first (the last 24 hours unless `since`); `next` is the following page',
      },
    },
    async (request) => operations.audit.page(scopeOf(request), request.query),
  );

  app.get(
    '/audit/export',
    {
      ...read,
      schema: {
        operationId: 'exportAudit',
        tags,
        querystring: Type.Omit(AuditQuerySchema, ['limit', 'cursor']),
        summary: 'Every event the query selects, streamed as JSON lines (application/x-ndjson)',
        response: {
          200: {
            description: 'One event a line, as the events of /admin/v1/audit',
            content: { 'application/x-ndjson': { schema: Type.String() } },
          },
        },
      },
    },
    async (request, reply) => {
      // The query (and its user) is checked before the first line: a refusal still gets the error shape.
      const events = await operations.audit.stream(scopeOf(request), request.query);
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(Readable.from(lines(events)) as never);
    },
  );
};
