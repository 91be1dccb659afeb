/**
 * SCIM's own error shape (RFC 7644 §3.12): `urn:ietf:params:scim:api:messages:2.0:Error` with `status` (a string),
 * `scimType` for a bad request, and `detail`. Every failure on /scim/v2 answers it, a refused key and a throttled
 * call included; a failure of the service is logged and says nothing more.
 */
import SCIMMY from 'scimmy';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Refuse } from '../admin/index.js';
import { databaseOutage } from '../db/database-errors.js';
import { UNAVAILABLE_RETRY_SECONDS } from '../http/api-error.js';
import { Refusal } from '../refusal.js';

export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

type ScimType =
  'uniqueness' | 'invalidFilter' | 'mutability' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'invalidValue';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly scimType: ScimType | null,
    detail: string,
  ) {
    super(detail);
  }
}

export const scimBody = (status: number, scimType: string | null | undefined, detail: string) => ({
  schemas: [SCIMMY.Messages.Error.id],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
});

export function sendScimError(reply: FastifyReply, status: number, scimType: string | null, detail: string) {
  return reply
    .code(status)
    .type(SCIM_CONTENT_TYPE)
    .send(scimBody(status, scimType, detail));
}

/**
 * A refused key in SCIM's shape (the same for a missing, unknown or revoked key, as on the admin API), and the wait
 * once a client address has had too many refused.
 */
export const scimRefusal: Refuse = (reply, status, retryAfter = 60) => {
  if (status === 401)
    return sendScimError(reply.header('www-authenticate', 'Bearer'), 401, null, 'A bearer key in use is needed');
  if (status === 403) return sendScimError(reply, 403, null, 'The key does not carry the scim scope');
  const detail = 'Too many calls with a missing or wrong key from this address; call again after Retry-After seconds';
  return sendScimError(reply.header('retry-after', retryAfter), 429, null, detail);
};

const REFUSALS: Record<Refusal['kind'], (r: Refusal) => [number, ScimType | null, string]> = {
  'not-found': (r) => [404, null, r.message],
  conflict: (r) => [409, 'uniqueness', r.message],
  forbidden: (r) => [403, null, r.message],
  // A message that names its field already (an imported hash's ceiling) is not given it twice.
  invalid: (r) => [
    400,
    'invalidValue',
    r.field && !r.message.startsWith(r.field) ? `${r.field} ${r.message}` : r.message,
  ],
};

/** Status, scimType and detail of a failure that is the caller's; null for one of the service. */
function classify(error: FastifyError): [number, string | null, string] | null {
  if (error instanceof ScimError) return [error.status, error.scimType, error.message];
  if (error instanceof SCIMMY.Types.Error) {
    const { status, scimType } = error as unknown as { status: number; scimType?: string };
    return status >= 500 ? null : [status, scimType ?? null, error.message];
  }
  if (error instanceof Refusal) return REFUSALS[error.kind](error);
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return [415, null, 'Send application/scim+json'];
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return [413, null, 'The body is too large'];
  if (error.statusCode === 429)
    return [429, null, 'Too many calls with this key; call again after Retry-After seconds'];
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return [400, 'invalidSyntax', 'The body is empty'];
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500)
    return [error.statusCode, error.statusCode === 400 ? 'invalidSyntax' : null, error.message];
  return null;
}

export function registerScimErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = classify(error);
    if (known) {
      if (known[0] === 429 && reply.getHeader('retry-after') === undefined) reply.header('retry-after', 60);
      return sendScimError(reply, ...known);
    }
    request.log.error({ err: error }, 'a SCIM call failed');
    const away = databaseOutage(error);
    if (away) reply.header('retry-after', UNAVAILABLE_RETRY_SECONDS);
    return sendScimError(reply, away ? 503 : 500, null, away ? 'The service is unavailable' : 'The service failed');
  });
  app.setNotFoundHandler((_request, reply) => sendScimError(reply, 404, null, 'No such SCIM endpoint'));
}
