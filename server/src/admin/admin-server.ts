/**
 * The admin listener's service (ADMIN_PORT, apart from the public one): bearer keys, a throttle per key and one of
 * wrong keys per client address, an audit event for every call naming the key, the client's address and how the call
 * ended, the spec's error shape, and its OpenAPI document. Other plugins on it (SCIM) get the same keys, throttles and
 * audit by registering through `plugins`.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorCodes } from '@portal/contract';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { AuditLog } from '../db/audit-log.js';
import { ApiError, type ErrorSpec } from '../http/api-error.js';
import { registerErrorHandler, sendError } from '../http/error-handler.js';
import type { OutageReporter } from '../http/outage-log.js';
import { OneLinePerRequest, requestIds, returnRequestIds } from '../http/request-log.js';
import { recordRoutes } from '../http/route-guard.js';
import type { Messages } from '../i18n/messages.js';
import { Refusal } from '../refusal.js';
import type { ApiKeys } from './api-keys.js';
import { authenticateKeys, keyOrigin, type KeyRefusals } from './guard.js';
import type { AdminOperations } from './operations.js';
import { registerAdminOpenApi } from './openapi.js';
import { accessRoutes } from './routes/access.js';
import { approvalRoutes } from './routes/approvals.js';
import { auditRoutes } from './routes/audit.js';
import { cobrandRoutes } from './routes/cobrands.js';
import { passkeyRoutes } from './routes/passkeys.js';
import { deviceRoutes } from './routes/devices.js';
import { sessionRoutes } from './routes/sessions.js';
import { signInProblemRoutes } from './routes/sign-in-problems.js';
import { userStateRoutes } from './routes/user-states.js';
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
  /** Calls refused for a missing or wrong key a client address may make a minute before `429` (0: no throttle). */
  keyFailuresPerMinute: number;
  /** Where the throttles count: Redis with REDIS_URL, shared by the instances (security/throttle.ts); else memory. */
  throttleStore?: object;
  logger?: FastifyServerOptions['logger'];
  /**
   * More calls on the listener (SCIM at /scim/v2), each behind `requireScope` of its own; each is given the admin API's
   * calls too, to offer them again where it stands for the key (the help-desk console, for its operator).
   */
  plugins?: { plugin: FastifyPluginAsync<AdminPluginOptions>; prefix: string }[];
  /**
   * Who a call without a key comes from, for its audit event: the help-desk console's signed-in operator
   * (`operator:<name>`), which a plugin on the listener knows.
   */
  callerOf?: (request: FastifyRequest) => string | undefined;
}

/** The admin API's calls under /admin/v1, one file a resource: a new resource is one more entry. */
export const ADMIN_V1_ROUTES = [
  userRoutes,
  userStateRoutes,
  signInProblemRoutes,
  tokenRoutes,
  sessionRoutes,
  passkeyRoutes,
  deviceRoutes,
  auditRoutes,
  cobrandRoutes,
  accessRoutes,
  approvalRoutes,
];

/** What a plugin on the listener is given: the operations, and the admin API's calls as one plugin. */
export interface AdminPluginOptions {
  operations: AdminOperations;
  adminRoutes: FastifyPluginAsync;
}

const REFUSALS: Record<Refusal['kind'], (r: Refusal) => ApiError> = {
  'not-found': () => new ApiError(404, [{ code: ErrorCodes.notFound, messageKey: 'request.notFound' }]),
  conflict: (r) =>
    new ApiError(409, [
      {
        code: ErrorCodes.conflict,
        messageKey: 'admin.conflict',
        ...(r.field ? { field: r.field } : {}),
        params: [r.message],
      },
    ]),
  forbidden: (r) =>
    new ApiError(403, [
      {
        code: ErrorCodes.forbidden,
        messageKey: 'admin.scope.missing',
        ...(r.field ? { field: r.field } : {}),
        params: [r.message],
      },
    ]),
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
  recordRoutes(app);
  registerErrorHandler(app, options.messages, {
    outage: options.outage,
    translate: (error) => (error instanceof Refusal ? REFUSALS[error.kind](error) : null),
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, request, options.messages, REFUSALS['not-found'](new Refusal('not-found', ''))),
  );
  app.addHook('onSend', async (_request, reply) => {
    // The console's scripts and stylesheet say their own (immutable: their names carry their content's hash).
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
  });
  await app.register(fastifyRateLimit, {
    ...options.throttleStore,
    global: options.perMinute > 0,
    max: options.perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => (request.apiKey ? `key:${request.apiKey.name}` : `address:${request.ip}`),
    errorResponseBuilder: () => new ApiError(429, [{ code: ErrorCodes.throttled, messageKey: 'request.throttled' }]),
  });
  authenticateKeys(app, options.keys, keyRefusals(app, options.keyFailuresPerMinute));
  returnRequestIds(app);
  auditEveryCall(app, options.audit, options.callerOf);
  await registerAdminOpenApi(app, options.version);
  const { operations } = options;
  const adminRoutes: FastifyPluginAsync = async (v1) => {
    for (const routes of ADMIN_V1_ROUTES) await v1.register(routes, { operations });
  };
  await app.register(adminRoutes, { prefix: '/admin/v1' });
  for (const { plugin, prefix } of options.plugins ?? [])
    await app.register(plugin, { prefix, operations, adminRoutes });
  return app;
}

/**
 * The throttle of calls refused for their key, per client address, in the throttle's own store (Redis when shared):
 * the seconds to wait once the address is over its calls a minute, else null.
 */
function keyRefusals(app: FastifyInstance, perMinute: number): KeyRefusals {
  if (perMinute <= 0) return async () => null;
  const count = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `wrong-key:${request.ip}`,
  });
  return async (request) => {
    const counted = await count(request);
    return !counted.isAllowed && counted.isExceeded ? Math.max(1, counted.ttlInSeconds) : null;
  };
}

/** How a call ended, by its status, as the audit names it. */
export function outcomeOf(status: number): string {
  if (status < 400) return 'success';
  return OUTCOMES[status] ?? (status < 500 ? 'refused' : 'error');
}
const OUTCOMES: Record<number, string> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  429: 'throttled',
};

const userOf = (params: unknown): Record<string, string> => {
  const userId = (params as { userId?: unknown } | undefined)?.userId;
  return typeof userId === 'string' ? { userId: userId.slice(0, 64) } : {};
};

/**
 * An audit event for every call, answered or refused: which key or operator (if any), from where, what, and how it ended (its
 * status and `outcome`, which the SIEM's event reads: a refusal is a failure there). It is written as the answer goes
 * out (its status known, its body not yet sent), so a caller that has its answer finds the call in the trail.
 */
function auditEveryCall(app: FastifyInstance, audit: AuditLog, callerOf: AdminServerOptions['callerOf']): void {
  app.addHook('onSend', async (request, reply) => {
    const detail = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      outcome: outcomeOf(reply.statusCode),
      ...userOf(request.params),
    };
    const origin = keyOrigin(request);
    origin.actor ??= callerOf?.(request);
    try {
      await audit.record('admin.call', null, detail, { origin });
    } catch (error) {
      request.log.error({ err: error }, 'the admin call could not be audited');
    }
  });
}
