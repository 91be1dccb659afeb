/**
 * Every non-GET/HEAD request must echo the `sec-token` cookie in X-XSRF-TOKEN or X-CSRF-TOKEN, and the token must be
 * bound to the request's session cookie; otherwise 403 and nothing happens. A missing or stale token is replaced.
 */
import { COBRAND_ASSETS_BASE, CSRF_COOKIE, ErrorCodes, PORTAL_UI_BASE } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error.js';
import type { SessionManager } from '../sessions/session-manager.js';
import { isValidCsrfToken, sessionBinding } from './csrf.js';

const SAFE_METHODS = new Set(['GET', 'HEAD']);
const STATIC_PREFIXES = [`${PORTAL_UI_BASE}static/`, `${PORTAL_UI_BASE}assets/`, COBRAND_ASSETS_BASE];

export function registerCsrfGuard(app: FastifyInstance, key: Buffer, sessions: SessionManager): void {
  app.addHook('onRequest', async (request, reply) => {
    if (STATIC_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    const rawSession = sessions.rawId(request);
    const cookieToken = request.cookies[CSRF_COOKIE];
    const cookieValid = isValidCsrfToken(key, cookieToken, sessionBinding(rawSession));
    if (!cookieValid) sessions.issueCsrf(reply, rawSession);
    if (SAFE_METHODS.has(request.method)) return;
    const header = request.headers['x-xsrf-token'] ?? request.headers['x-csrf-token'];
    if (!cookieValid || typeof header !== 'string' || header !== cookieToken) {
      throw new ApiError(403, [{ code: ErrorCodes.csrf, messageKey: 'request.forbidden' }]);
    }
  });
}
