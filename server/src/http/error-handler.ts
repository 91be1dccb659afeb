/** The one error handler: every failure answers the spec's error shape, and 5xx details stay in the log. */
import { ErrorCodes, LOCALE_COOKIE, type ApiErrorBody } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { databaseOutage } from '../db/database-errors.js';
import type { Messages } from '../i18n/messages.js';
import { SECURITY_HEADERS } from './headers.js';
import { ApiError, type ErrorSpec, systemUnavailable, UNAVAILABLE_RETRY_SECONDS } from './api-error.js';
import type { OutageReporter } from './outage-log.js';

interface AjvIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

function fromValidation(issues: AjvIssue[]): ErrorSpec[] {
  const seen = new Set<string>();
  const items: ErrorSpec[] = [];
  for (const issue of issues) {
    const missing = issue.keyword === 'required' ? String(issue.params.missingProperty ?? '') : '';
    const field = missing || issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (seen.has(field)) continue;
    seen.add(field);
    const limit = Number(issue.params.limit);
    if (issue.keyword === 'required' || (issue.keyword === 'minLength' && limit === 1)) {
      items.push({ code: ErrorCodes.required, messageKey: 'field.required', field });
    } else if (issue.keyword === 'maxLength' || issue.keyword === 'maxItems') {
      items.push({ code: ErrorCodes.tooLong, messageKey: 'field.tooLong', field, params: [String(limit)] });
    } else {
      items.push({ code: ErrorCodes.invalid, messageKey: 'field.invalid', field });
    }
  }
  return items.length ? items : [{ code: ErrorCodes.invalid, messageKey: 'request.invalid' }];
}

function classify(error: FastifyError & { validation?: AjvIssue[] }): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error.validation) return new ApiError(400, fromValidation(error.validation));
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, [{ code: ErrorCodes.unsupportedMediaType, messageKey: 'request.mediaType' }]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, [{ code: ErrorCodes.payloadTooLarge, messageKey: 'request.tooLarge' }]);
    default:
      break;
  }
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError(error.statusCode, [{ code: ErrorCodes.invalid, messageKey: 'request.invalid' }]);
  }
  return null;
}

export function errorBody(messages: Messages, locale: string | undefined, items: ErrorSpec[]): ApiErrorBody {
  return {
    errors: items.map((item) => ({
      code: item.code,
      message: messages.text(locale, item.messageKey, item.params ?? []),
      ...(item.field ? { field: item.field } : {}),
      ...(item.params ? { params: item.params } : {}),
    })),
  };
}

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  messages: Messages,
  error: ApiError,
): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply
    .code(error.statusCode)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(errorBody(messages, request.cookies?.[LOCALE_COOKIE], error.items));
}

/**
 * The part of the system that could not answer (§8's system error, 503): the database, or a part whose error names
 * itself in `unavailable` (the bank's token server); null for anything else.
 */
function partUnavailable(error: FastifyError & { unavailable?: unknown }): string | null {
  if (typeof error.unavailable === 'string') return error.unavailable;
  return databaseOutage(error) ? 'database' : null;
}

export interface ErrorHandlerHooks {
  /** One line per part and cause in an interval while a part is away (outage-log.ts). */
  outage: OutageReporter;
  /** The page a browser opening an address gets for a 503, in its language, instead of the error shape. */
  systemErrorPage?: (request: FastifyRequest) => string;
  /** The answer to an error of the caller's own kind (the admin API's refusals), or null for the usual one. */
  translate?: (error: unknown) => ApiError | null;
}

/**
 * A browser opening a page or posting a screen's form natively (not the page's script calling): it is answered a
 * page, not JSON.
 */
const opensPage = (request: FastifyRequest) =>
  request.headers['sec-fetch-dest'] === 'document' ||
  (request.headers['sec-fetch-dest'] === undefined && /text\/html/.test(request.headers.accept ?? ''));

/**
 * The answer to any error: the spec's shape. A part of the system that is away (§8's system error) is 503 and logged
 * once per interval; anything else unexpected is 500 and logged each time.
 */
export function unexpectedAnswer(error: FastifyError, request: FastifyRequest, hooks: ErrorHandlerHooks): ApiError {
  const unavailable = partUnavailable(error);
  if (!unavailable) {
    request.log.error({ err: error }, 'unexpected error');
    return new ApiError(500, [{ code: ErrorCodes.systemError, messageKey: 'error.system' }]);
  }
  hooks.outage(unavailable, error);
  return systemUnavailable();
}

export function registerErrorHandler(app: FastifyInstance, messages: Messages, hooks: ErrorHandlerHooks): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = hooks.translate?.(error) ?? classify(error) ?? unexpectedAnswer(error, request, hooks);
    if (answer.statusCode === 503 && hooks.systemErrorPage && opensPage(request))
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .header('retry-after', String(UNAVAILABLE_RETRY_SECONDS))
        .type('text/html; charset=utf-8')
        .send(hooks.systemErrorPage(request));
    return sendError(reply, request, messages, answer);
  });
}

/**
 * Errors the router raises before any hook runs (an address it cannot decode, a parameter over the limit): the same
 * error shape, and the headers the security hooks would have set.
 */
export function sendRouterError(
  reply: FastifyReply,
  request: FastifyRequest,
  messages: Messages,
  error: FastifyError,
): FastifyReply {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  reply.headers(SECURITY_HEADERS);
  return sendError(
    reply,
    request,
    messages,
    new ApiError(tooLong ? 414 : 400, [
      tooLong
        ? { code: ErrorCodes.tooLong, messageKey: 'request.invalid' }
        : { code: ErrorCodes.invalid, messageKey: 'request.invalid' },
    ]),
  );
}
