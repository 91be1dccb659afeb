/**
 * §7's logging calls: the error-log call and the UI logging service. Their bodies come from any browser, so they are
 * treated as untrusted: JSON only, schema-checked and capped, throttled, neutralised and scrubbed, then written as
 * structured records with the session's cobrand and the request ID.
 */
import { Paths } from '@portal/contract';
import { ErrorStatementSchema, LogEntriesBodySchema, NoBody } from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireContentType } from '../http/content-type.js';
import { scrubAttribute, scrubText } from '../security/scrub.js';
import type { RouteThrottle } from '../security/throttle.js';
import type { SessionCookies } from '../http/session-cookies.js';
import type { SessionManager } from '../session/index.js';
import { guard } from '../http/route-guard.js';

/** A log line is written, nothing stored; the call still needs its token, so no other site can fill the log. */
const LOG_LINE = guard({ throttle: 'own', changes: false, csrf: 'token' });

export interface ClientLoggingOptions {
  sessions: SessionManager;
  cookies: SessionCookies;
  throttle: RouteThrottle;
}

const LEVELS = { DEBUG: 'debug', INFO: 'info', ERROR: 'error' } as const;

export const clientLoggingRoutes: FastifyPluginAsyncTypebox<ClientLoggingOptions> = async (
  app,
  { sessions, cookies, throttle },
) => {
  const json = requireContentType('application/json');
  const cobrandOf = async (request: FastifyRequest) =>
    (await sessions.find(cookies.sessionId(request), ['full', 'change_password', 'new_pin', 'next_token']))?.cobrand ??
    null;

  app.put(
    Paths.logErrorStatement,
    {
      schema: {
        operationId: 'logErrorStatement',
        summary: "Record the web app's error text",
        body: ErrorStatementSchema,
        response: { 204: NoBody('Recorded') },
      },
      config: { ...throttle, ...LOG_LINE },
      preValidation: json,
    },
    async (request, reply) => {
      request.log.error(
        {
          client: { source: 'logErrorStatement', cobrand: await cobrandOf(request), message: scrubText(request.body) },
        },
        'client error',
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    Paths.uiLogEntries,
    {
      schema: {
        operationId: 'uiLogEntries',
        summary: "Record the web app's log entries",
        body: LogEntriesBodySchema,
        response: { 204: NoBody('Recorded') },
      },
      config: { ...throttle, ...LOG_LINE },
      preValidation: json,
    },
    async (request, reply) => {
      const cobrand = await cobrandOf(request);
      for (const entry of request.body.logEntries) {
        const attributes = (entry.attributes ?? []).map(({ key, value }) => scrubAttribute(key, value));
        request.log[LEVELS[entry.level]](
          { client: { source: 'uiLogEntries', cobrand, message: scrubText(entry.message), attributes } },
          'client log',
        );
      }
      return reply.code(204).send(null);
    },
  );
};
