/** /admin/v1/audit: the security events, a page at a time, or all of them streamed as JSON lines or CSV. */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AdminOperations } from '../operations.js';
import { requireScope, scopeOf, ADMIN_READ } from '../guard.js';
import { AuditExportQuerySchema, AuditPageSchema, AuditQuerySchema } from '../schemas.js';

const read = { preHandler: requireScope('audit:read'), config: ADMIN_READ };
const tags = ['audit'];

/** One JSON object a line, as a log pipeline reads them: the lines go out as the pages are read. */
async function* lines(events: AsyncIterable<unknown>) {
  for await (const event of events) yield `${JSON.stringify(event)}\n`;
}

const CSV_COLUMNS = ['at', 'kind', 'userId', 'actor', 'address', 'userAgent', 'detail'] as const;
/**
 * A cell as a spreadsheet reads it (RFC 4180): quoted, its quotes doubled; one that a spreadsheet would take for a
 * formula (a user agent or a reason is anyone's to write) is made text by a leading apostrophe (OWASP, CSV injection).
 */
const cell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return `"${(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
};

/** The auditor's spreadsheet: a header, then one row an event, as the pages are read. */
async function* csvRows(events: AsyncIterable<Record<string, unknown>>) {
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  for await (const event of events) yield `${CSV_COLUMNS.map((column) => cell(event[column])).join(',')}\r\n`;
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
        querystring: AuditExportQuerySchema,
        summary:
          'Every event the query selects, streamed as JSON lines (application/x-ndjson) or, with format=csv, CSV',
        response: {
          200: {
            description: 'One event a line, as the events of /admin/v1/audit; or a CSV header and one row an event',
            content: { 'application/x-ndjson': { schema: Type.String() }, 'text/csv': { schema: Type.String() } },
          },
        },
      },
    },
    async (request, reply) => {
      // The query (and its user) is checked before the first line: a refusal still gets the error shape.
      const { format, ...query } = request.query;
      const events = await operations.audit.stream(scopeOf(request), query);
      const csv = format === 'csv';
      return reply
        .type(csv ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="audit.${csv ? 'csv' : 'jsonl'}"`)
        .send(Readable.from(csv ? csvRows(events as AsyncIterable<Record<string, unknown>>) : lines(events)) as never);
    },
  );
};
