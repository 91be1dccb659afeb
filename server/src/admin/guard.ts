/**
 * Bearer keys on the admin listener, for every plugin on it (the admin REST calls, and SCIM's with its own refusal):
 * `authenticateKeys` reads the key once a request, before the throttle counts it by key; `requireScope` refuses a
 * call the key may not make. A refusal is the same for a missing, malformed, unknown or revoked key, and too many of
 * them from one client address turn into `429` (docs/decisions.md, "Admin API and SCIM: wrong keys and outcomes").
 */
import { ErrorCodes } from '@portal/contract';
import { AUDIT_REASON_HEADER, AUDIT_REASON_MAX } from '@portal/contract/console';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { type Origin, USER_AGENT_MAX } from '../db/audit-log.js';
import { ApiError } from '../http/api-error.js';
import { guard } from '../http/route-guard.js';
import type { OperatorScope } from '../refusal.js';
import type { ApiKey, ApiKeys, Scope } from './api-keys.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin key the request carries; null when it carries none that is in use. */
    apiKey: ApiKey | null;
  }
  interface FastifyInstance {
    /** Counts a call refused for its key against its client address: the seconds it must wait, or null if none. */
    keyRefused: KeyRefusals;
  }
}

/** The wrong-key throttle: counts a refused key for the request's address; the seconds to wait when over the limit. */
export type KeyRefusals = (request: FastifyRequest) => Promise<number | null>;

/** Answers a refused call in the caller's own error shape (SCIM has its own); the admin API's by default. */
export type Refuse = (reply: FastifyReply, status: 401 | 403 | 429, retryAfter?: number) => Promise<unknown> | unknown;

const REFUSED: Record<401 | 403 | 429, (retryAfter: number) => ApiError> = {
  401: () =>
    new ApiError(401, [{ code: ErrorCodes.unauthenticated, messageKey: 'admin.key.refused' }], {
      'www-authenticate': 'Bearer',
    }),
  403: () => new ApiError(403, [{ code: ErrorCodes.forbidden, messageKey: 'admin.scope.missing' }]),
  429: (retryAfter) =>
    new ApiError(429, [{ code: ErrorCodes.throttled, messageKey: 'request.throttled' }], {
      'retry-after': String(retryAfter),
    }),
};

export const adminRefusal: Refuse = (_reply, status, retryAfter = 60) => {
  throw REFUSED[status](retryAfter);
};

export function authenticateKeys(app: FastifyInstance, keys: ApiKeys, keyRefused: KeyRefusals): void {
  app.decorateRequest('apiKey', null);
  app.decorate('keyRefused', keyRefused);
  app.addHook('onRequest', async (request) => {
    request.apiKey = await keys.authenticate(request.headers.authorization);
  });
}

/**
 * A call needs a key with `scope`; `allCobrands`: and one not limited to some cobrands (a call over the whole
 * deployment, such as a catalogue import).
 */
export function requireScope(scope: Scope, refuse: Refuse = adminRefusal, allCobrands = false) {
  const guard: preHandlerAsyncHookHandler = async (request, reply) => {
    const key = request.apiKey;
    if (!key) {
      // Counted per client address: past the limit a wrong key is told to wait. A right key is never held back, so a
      // caller hammering from a shared address (the bank's proxy) cannot shut the other tools behind it out.
      const wait = await request.server.keyRefused(request);
      return wait === null ? refuse(reply, 401) : refuse(reply, 429, wait);
    }
    if (!key.scopes.has(scope) || (allCobrands && key.cobrands !== null)) return refuse(reply, 403);
  };
  return guard;
}

/** The cobrands the request's key covers (its routes run behind `requireScope`, so there is a key). */
export const scopeOf = (request: FastifyRequest): OperatorScope => ({
  // No key covers nothing; a key's null covers every cobrand.
  cobrands: request.apiKey ? request.apiKey.cobrands : [],
});

/**
 * Who made a change, from where and why, for the audit trail: the key by its name (or the console's operator it stands
 * for), the client's address, and the reason the caller gave (AUDIT_REASON_HEADER).
 */
export function keyOrigin(request: FastifyRequest): Origin {
  const agent = request.headers['user-agent'];
  const key = request.apiKey;
  const reason = auditReason(request);
  return {
    address: request.ip,
    actor: key ? (key.actor ?? `api:${key.name}`) : undefined,
    ...(agent ? { userAgent: agent.slice(0, USER_AGENT_MAX) } : {}),
    ...(reason ? { reason } : {}),
  };
}

/**
 * The reason a call gives for its change, as the audit keeps it: percent-encoded UTF-8 in a header (a browser sends
 * no other text there), read as sent where it is not; controls and runs of spaces made one space, and cut to size.
 */
export function auditReason(request: FastifyRequest): string | undefined {
  const header = request.headers[AUDIT_REASON_HEADER];
  if (typeof header !== 'string') return undefined;
  let text = header;
  try {
    text = decodeURIComponent(header);
  } catch {
    // Not percent-encoded: the text as it came.
  }
  const reason = text
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ')
    .trim();
  return reason ? [...reason].slice(0, AUDIT_REASON_MAX).join('') : undefined;
}

/**
 * What every admin call declares (http/route-guard.ts): the listener's per-key throttle counts it, and the listener
 * audits it as `admin.call` with its real outcome (admin-server.ts). Bearer keys, not cookies: no anti-forgery token.
 */
export const ADMIN_READ = guard({ throttle: 'listener', changes: false, audit: 'admin.call' });
export const ADMIN_CHANGE = guard({ throttle: 'listener', changes: true, audit: 'admin.call' });
