/**
 * Every non-GET/HEAD request must echo the `sec-token` cookie in X-XSRF-TOKEN or X-CSRF-TOKEN, and the token must be
 * bound to the request's session cookie; otherwise 403 and nothing happens. A missing or stale token is replaced.
 * A screen's form the browser posts natively to the screen's address (no script, issue 33) carries the token in its
 * `sec-token` field instead: checked the same way once the body is read, and taken out of the body before the route
 * sees it.
 */
import {
  COBRAND_ASSETS_BASE,
  ErrorCodes,
  FORM_TOKEN_FIELD,
  PORTAL_CONTEXT_PATH,
  PORTAL_UI_BASE,
  ROUTES,
  routePath,
  ServicePaths,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';
import { isValidCsrfToken, sessionBinding } from '../security/csrf.js';
import { holdToken, type SessionCookies } from './session-cookies.js';
import { logSecurityEvent, requestFields } from './security-events.js';

const SAFE_METHODS = new Set(['GET', 'HEAD']);
const STATIC_PREFIXES = [`${PORTAL_UI_BASE}static/`, `${PORTAL_UI_BASE}assets/`, COBRAND_ASSETS_BASE];
/**
 * A SAML answer is posted by the provider's page, which cannot know the token: its RelayState, bound to the sealed
 * single-use cookie of the browser that started the sign-on, is its anti-forgery check (sso/routes.ts). A single
 * logout message (slo) is posted by the provider's page too: the provider's signature over it is its check.
 */
const SSO_CALLBACK = /^\/sdportal\/sso\/[^/?]+\/(callback|slo)$/;
/** An OpenID provider's back-channel logout comes from its server: the logout token it signed is the check. */
const SSO_BACK_CHANNEL = /^\/sdportal\/sso\/[^/?]+\/backchannel-logout$/;
/**
 * Browsers post Content-Security-Policy reports on their own, without the page's header; a forged one can only add a
 * log line and a count (logging/csp-report-routes.ts).
 */
export const UNGUARDED_CALLS = new Set<string>([ServicePaths.cspReports]);
/** Probes of a load balancer or orchestrator read with no browser: no token is issued for them. */
const PROBES = new Set(['/healthz', '/readyz']);

/** Waiting for the body: a form-encoded post without the header, whose token is in its field. */
const checkInBody = new WeakSet<FastifyRequest>();
/**
 * Where a screen's form posts without the script: the screens' own addresses (issue 33). Only there is the token read
 * from the body; every call elsewhere is refused without the header, as it always was, before its body is read.
 */
const SCREEN_ADDRESSES = new Set(ROUTES.flatMap((route) => [routePath(route), `${PORTAL_CONTEXT_PATH}/${route}`]));
const isScreenForm = (request: FastifyRequest) =>
  request.method === 'POST' &&
  SCREEN_ADDRESSES.has(request.url.split('?')[0]!) &&
  (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';

/** Enough for every browser active in an instance at once; beyond it the memory starts again, nothing else changes. */
const MAX_REMEMBERED = 10_000;

/**
 * The guard for the routes of `app` (and the plugins it holds): the public listener's, or the help-desk console's on
 * the admin listener, which has its own cookies and key (`cookies` names them).
 */
export function registerCsrfGuard(app: FastifyInstance, key: Buffer, cookies: SessionCookies): void {
  const tokenCookie = cookies.csrfCookie;
  // Whether a token fits a session cookie depends on nothing else, and checking it takes two digests, while a browser
  // sends the same pair on every call: pairs found valid are remembered (docs/benchmarks.md, "Before and after").
  const valid = new Set<string>();
  const isValid = (token: string | undefined, rawSession: string | undefined): boolean => {
    if (token === undefined) return false;
    const pair = `${token}\u0000${rawSession ?? ''}`;
    if (valid.has(pair)) return true;
    if (!isValidCsrfToken(key, token, sessionBinding(rawSession))) return false;
    if (valid.size >= MAX_REMEMBERED) valid.clear();
    valid.add(pair);
    return true;
  };
  // A callback hook, not an async one: it does no I/O, and every request runs it.
  app.addHook('onRequest', (request, reply, done) => {
    if (STATIC_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return done();
    const safe = SAFE_METHODS.has(request.method);
    if (safe && PROBES.has(request.url)) return done();
    const rawSession = cookies.sessionId(request);
    const cookieToken = request.cookies[tokenCookie];
    const cookieValid = isValid(cookieToken, rawSession);
    if (cookieValid) holdToken(request, cookieToken!);
    else cookies.issueCsrf(reply, rawSession);
    if (safe || (request.method === 'POST' && SSO_CALLBACK.test(request.url))) return done();
    if (request.method === 'POST' && UNGUARDED_CALLS.has(request.url.split('?')[0]!)) return done();
    if (request.method === 'POST' && SSO_BACK_CHANNEL.test(request.url)) return done();
    const header = request.headers['x-xsrf-token'] ?? request.headers['x-csrf-token'];
    if (header === undefined && cookieValid && isScreenForm(request)) {
      checkInBody.add(request);
      return done();
    }
    if (!cookieValid || typeof header !== 'string' || header !== cookieToken) return done(refuse(request));
    return done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (!checkInBody.has(request)) return done();
    const body = request.body as Record<string, unknown> | null;
    const field = body?.[FORM_TOKEN_FIELD];
    if (typeof field !== 'string' || field !== request.cookies[tokenCookie]) return done(refuse(request));
    delete body![FORM_TOKEN_FIELD];
    return done();
  });
}

function refuse(request: FastifyRequest): ApiError {
  logSecurityEvent(request.log, 'csrf.refused', requestFields(request));
  return new ApiError(403, [{ code: ErrorCodes.csrf, messageKey: 'request.forbidden' }]);
}
