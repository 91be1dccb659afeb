/**
 * The admin listener's service (ADMIN_PORT, apart from the public one): bearer keys, a throttle per key, an audit
 * event for every call naming the key and the client's address, the spec's error shape, and its OpenAPI document.
 * Other plugins on it (SCIM) get the same keys, throttle and audit by registering through `plugins`.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorCodes } from '@portal/contract';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import type { AuditLog } from '../db/audit-log.js';
import { ApiError, type ErrorSpec } from '../http/api-error.js';
import { registerErrorHandler, sendError } from '../http/error-handler.js';
import type { OutageReporter } from '../http/outage-log.js';
import { OneLinePerRequest, requestIds, returnRequestIds } from '../http/request-log.js';
import type { Messages } from '../i18n/messages.js';
import { Refusal } from '../refusal.js';
import type { ApiKeys } from './api-keys.js';
import { authenticateKeys, keyOrigin } from './guard.js';
import type { AdminOperations } from './operations.js';
import { registerAdminOpenApi } from './openapi.js';
import { auditRoutes } from './routes/audit.js';
import { cobrandRoutes } from './routes/cobrands.js';
import { passkeyRoutes } from './routes/passkeys.js';
import { sessionRoutes } from './routes/sessions.js';
import { tokenRoutes } from './routes/tokens.js';
import { userRoutes } from './routes/users.js';

export interface AdminServerOptions {
  operations: AdminOperations;
  keys: ApiKeys;
  audit: AuditLog;
  messages: Messages;
  outage: OutageReporter;
  version: string;
  /** Calls a key may make a minute (0: no throttle); unauthenticated calls count by address. */
  perMinute: number;
  logger?: FastifyServerOptions['logger'];
  /** More calls on the listener (SCIM at /scim/v2), each behind `requireScope` of its own. */
  plugins?: { plugin: FastifyPluginAsync<{ operations: AdminOperations }>; prefix: string }[];
}

/** The admin API's calls under /admin/v1, one file a resource: a new resource is one more entry. */
export const ADMIN_V1_ROUTES = [userRoutes, tokenRoutes, sessionRoutes, passkeyRoutes, auditRoutes, cobrandRoutes];

const REFUSALS: Record<Refusal['kind'], (r: Refusal) => ApiError> = {
  'not-found': () => new ApiError(404, [{ code: ErrorCodes.notFound, messageKey: 'request.notFound' }]),
  conflict: (r) =>
    new ApiError(409, [{ code: ErrorCodes.conflict, messageKey: 'admin.conflict', params: [r.message] }]),
  invalid: (r) => {
    const items: ErrorSpec[] = r.problems.length
      ? r.problems.map((p) => ({ code: ErrorCodes.invalid, messageKey: 'request.invalid', params: [p] }))
      : [
          {
            code: ErrorCodes.invalid,
            messageKey: 'field.invalid',
            ...(r.field ? { field: r.field } : {}),
            params: [r.message],
          },
        ];
    return new ApiError(400, items);
  },
};

export async function buildAdminServer(options: AdminServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // One line a request, as on the public listener, naming the key; no client names its own request ID here.
    logController: new OneLinePerRequest((request) => ({ key: request.apiKey?.name ?? null })),
    genReqId: requestIds(() => false),
    bodyLimit: 64 * 1024,
    requestIdHeader: false,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: (_error, request, reply) =>
      sendError(
        reply,
        request,
        options.messages,
        new ApiError(400, [{ code: ErrorCodes.invalid, messageKey: 'request.invalid' }]),
      ),
  }).withTypeProvider<TypeBoxTypeProvider>();
  registerErrorHandler(app, options.messages, {
    outage: options.outage,
    translate: (error) => (error instanceof Refusal ? REFUSALS[error.kind](error) : null),
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, request, options.messages, REFUSALS['not-found'](new Refusal('not-found', ''))),
  );
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
  });
  returnRequestIds(app);
  authenticateKeys(app, options.keys);
  auditEveryCall(app, options.audit);
  if (options.perMinute > 0)
    await app.register(fastifyRateLimit, {
      max: options.perMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => (request.apiKey ? `key:${request.apiKey.name}` : `address:${request.ip}`),
      errorResponseBuilder: () => new ApiError(429, [{ code: ErrorCodes.throttled, messageKey: 'request.throttled' }]),
    });
  await registerAdminOpenApi(app, options.version);
  const { operations } = options;
  await app.register(
    async (v1) => {
      for (const routes of ADMIN_V1_ROUTES) await v1.register(routes, { operations });
    },
    { prefix: '/admin/v1' },
  );
  for (const { plugin, prefix } of options.plugins ?? []) await app.register(plugin, { prefix, operations });
  return app;
}

const userOf = (params: unknown): Record<string, string> => {
  const userId = (params as { userId?: unknown } | undefined)?.userId;
  return typeof userId === 'string' ? { userId: userId.slice(0, 64) } : {};
};

/**
 * An audit event for every call, answered or refused: which key (if any), from where, what, and how it ended. It is
 * written as the answer goes out (its status known, its body not yet sent), so a caller that has its answer finds the
 * call in the trail.
 */
function auditEveryCall(app: FastifyInstance, audit: AuditLog): void {
  app.addHook('onSend', async (request, reply) => {
    const detail = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      ...userOf(request.params),
    };
    try {
      await audit.record('admin.call', null, detail, { origin: keyOrigin(request) });
    } catch (error) {
      request.log.error({ err: error }, 'the admin call could not be audited');
    }
  });
}
