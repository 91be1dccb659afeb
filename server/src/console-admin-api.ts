/**
 * The admin API for the help-desk console's signed-in operator (ConsolePaths.adminApi): the same calls, guards,
 * throttle and audit as a key's, so no change has a second implementation. The operator stands for a key: their role
 * gives its scopes, their cobrands its reach, their name the audit's actor. Behind the console's cookies, each change
 * declares the console's anti-forgery token (the console's guard checks it) and must give the reason the operator
 * typed, which its audit events keep and the SIEM receives.
 */
import { ErrorCodes } from '@portal/contract';
import type { FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify';
import { auditReason, type ApiKey } from './admin/index.js';
import { ApiError } from './http/api-error.js';
import { ROLE_SCOPES } from './operator-access.js';
import type { RouteGuard } from './http/route-guard.js';
import { consoleActor, type SignedInOperator } from './staff/index.js';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

const principalOf = (operator: SignedInOperator, request: FastifyRequest): ApiKey => ({
  name: operator.name,
  actor: consoleActor(request),
  scopes: new Set(ROLE_SCOPES[operator.role]),
  cobrands: operator.cobrands,
});

const reasonRequired = () =>
  new ApiError(400, [{ code: ErrorCodes.required, messageKey: 'field.required', field: 'reason' }]);

const secondOperator = () =>
  new ApiError(403, [
    {
      code: ErrorCodes.forbidden,
      messageKey: 'admin.scope.missing',
      field: 'email',
      params: ['a second operator approves a new e-mail address: POST /users/{userId}/approvals'],
    },
  ]);

/** The admin API's calls (`adminRoutes`, as the listener registers them at /admin/v1) for the console's operator. */
export function operatorCalls(adminRoutes: FastifyPluginAsync): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRoute', (route: RouteOptions) => {
      // The key's calls are the ones the listener's description documents; these are the console's pages' own.
      route.schema = { ...route.schema, hide: true };
      const guard = (route.config as { guard?: RouteGuard } | undefined)?.guard;
      if (guard?.changes) route.config = { ...route.config, guard: { ...guard, csrf: 'token' } };
    });
    scope.addHook('preHandler', async (request) => {
      const operator = request.consoleOperator;
      // A bearer key the request may carry is not the console's caller: the operator signed in is.
      request.apiKey = operator ? principalOf(operator, request) : null;
      if (operator && !SAFE_METHODS.has(request.method) && !auditReason(request)) throw reasonRequired();
      // Four eyes: an operator asks for a new e-mail address, and a second approves it (operator-approvals.ts).
      if (
        operator &&
        request.method === 'PATCH' &&
        (request.body as { email?: unknown } | undefined)?.email !== undefined
      )
        throw secondOperator();
    });
    await scope.register(adminRoutes);
  };
}
