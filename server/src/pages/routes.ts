/**
 * Serves the built web app: each §2 route is its own page (ARCHITECTURE §1), unknown addresses get the not-found page,
 * and the locale bundles are answered at §7's paths.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  ErrorCodes,
  LOGOUT_CONFIRM_PARAM,
  PASSKEY_OFFER_SCREEN,
  PLATFORM_PAGES,
  PORTAL_CONTEXT_PATH,
  PORTAL_UI_BASE,
  Paths,
  ROUTES,
  routePath,
  SSO_START_AT_PORTAL_SCREEN,
  ServicePaths,
} from '@portal/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { NoBody } from '@portal/contract/schemas';
import { Type } from 'typebox';
import { ApiError } from '../http/api-error.js';
import { sendError } from '../http/error-handler.js';
import { memoryFiles } from '../http/memory-files.js';
import { PreparedAnswers, sendPrepared } from '../http/prepared-answer.js';
import { BUNDLES, type Bundle, type Messages } from '../i18n/messages.js';
import { cameFromPortal } from '../security/fetch-metadata.js';
import { NO_SCRIPT_STYLESHEET } from './page-html.js';
import type { SendPage } from './send-page.js';
import { PAGE_READ, STATE_READ } from '../http/route-guard.js';

export interface WebPagesOptions {
  webDistDir: string;
  messages: Messages;
  /** The platform's own address for the pages the portal otherwise stands in for (PLATFORM_ORIGIN). */
  platformOrigin?: string | null;
  /** Answers the built pages (send-page.ts's, made by app.ts, which hands its `again` to the forms' routes). */
  sendPage: SendPage;
}

const EXTRA_PAGES = {
  notFound: 'not-found',
  home: 'home',
  standIn: 'stand-in',
  ssoNoAccount: 'sso-no-account',
  ssoStartAtPortal: SSO_START_AT_PORTAL_SCREEN,
  passkeyOffer: PASSKEY_OFFER_SCREEN,
} as const;
/**
 * Screens shown with the signed-in user's own data: the capability that holds the data answers their addresses, with
 * the pages' `personal` (screens.ts wires it).
 */
export const PERSONAL_ROUTES: ReadonlySet<string> = new Set(['security-component']);
/** Every page the service answers, by the name of its built file. */
export const PAGE_NAMES: readonly string[] = [...ROUTES, ...Object.values(EXTRA_PAGES)];
const BUNDLE_ANSWERS = {
  200: Type.Record(Type.String(), Type.String(), { description: "A language's texts by key (ICU messages)" }),
  304: NoBody('The copy the browser holds is current (ETag)'),
};
const BUNDLE_OPERATIONS: Record<Bundle, { operationId: string; summary: string }> = {
  Messages: { operationId: 'commonTranslations', summary: "A language's common texts" },
  PortalLabels: { operationId: 'portalLabels', summary: "A language's portal labels" },
};
const BUNDLE_PATHS: Record<Bundle, string> = {
  Messages: 'commercial-common-translations/com/mastercard/cp/sdng/common/resources/Messages.json',
  PortalLabels: 'user-ux/PortalLabels.json',
};

/** The logout screen ends the session as it loads; opened from another site, it asks first (docs/security.md). */
async function askBeforeLogout(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const url = new URL(request.url, 'http://portal');
  if (cameFromPortal(request.headers) || url.searchParams.get(LOGOUT_CONFIRM_PARAM) === '1') return;
  url.searchParams.set(LOGOUT_CONFIRM_PARAM, '1');
  await reply.redirect(`${url.pathname}${url.search}`, 303);
}

export const webPagesRoutes: FastifyPluginAsync<WebPagesOptions> = async (
  app,
  { webDistDir, messages, platformOrigin = null, sendPage },
) => {
  for (const route of ROUTES) {
    if (PERSONAL_ROUTES.has(route)) continue;
    const hooks =
      route === 'logout-component' ? { onRequest: askBeforeLogout, config: PAGE_READ } : { config: PAGE_READ };
    // §2: each page also under the portal context path.
    for (const path of [routePath(route), `${PORTAL_CONTEXT_PATH}/${route}`])
      app.get(path, hooks, async (request, reply) => sendPage(request, reply, route));
  }
  app.get(Paths.platformHome, { config: STATE_READ }, async (request, reply) =>
    sendPage(request, reply, EXTRA_PAGES.home),
  );
  // Where a single sign-on the provider vouched for, but that opens no portal account, ends (sso/sso-service.ts).
  app.get(ServicePaths.ssoNoAccount, { config: PAGE_READ }, async (request, reply) =>
    sendPage(request, reply, EXTRA_PAGES.ssoNoAccount),
  );
  // Where a SAML answer the portal does not take ends (sso/saml/saml-flow.ts): the sign-on must start at the portal.
  app.get(`${PORTAL_UI_BASE}${SSO_START_AT_PORTAL_SCREEN}`, { config: PAGE_READ }, async (request, reply) =>
    sendPage(request, reply, EXTRA_PAGES.ssoStartAtPortal),
  );
  // After a full sign-in, the offer of a passkey (passkey/ decides when; the page asks it again and goes on).
  app.get(`${PORTAL_UI_BASE}${PASSKEY_OFFER_SCREEN}`, { config: PAGE_READ }, async (request, reply) =>
    sendPage(request, reply, EXTRA_PAGES.passkeyOffer),
  );
  // The platform's pages the sign-in page links to: the platform's own where the deployment names it, else a page
  // that says what would happen there and leads back (never the not-found page, which logs the visitor out).
  for (const path of Object.values(PLATFORM_PAGES)) {
    app.get(path, { config: PAGE_READ }, async (request, reply) => {
      if (!platformOrigin) return sendPage(request, reply, EXTRA_PAGES.standIn);
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`${platformOrigin}${path}${query}`, 302);
    });
  }

  const toSignIn = (_request: unknown, reply: FastifyReply) => reply.redirect(routePath('login-signin-component'), 302);
  app.get('/', { config: PAGE_READ }, toSignIn);
  app.get(PORTAL_UI_BASE, { config: PAGE_READ }, toSignIn);
  // §7's outgoing forgot-password link lands on the portal's own screen, keeping its query.
  app.get('/sdportal/forgotPassword.view', { config: PAGE_READ }, async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`${routePath('forgot-password-component')}${query}`, 302);
  });

  // Without the page's script, what waits for it (the logout screen's labels, the passkey offer's way on) shows as it
  // is (issue 33).
  app.get(NO_SCRIPT_STYLESHEET, { schema: { hide: true }, config: PAGE_READ }, async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send('.portal-logout--pending,.portal-passkey-offer__onward{visibility:visible}\n'),
  );

  const bundles = new PreparedAnswers('application/json; charset=utf-8');
  for (const bundle of BUNDLES) {
    app.get<{ Params: { locale: string } }>(
      `${PORTAL_UI_BASE}assets/i18n/:locale/${BUNDLE_PATHS[bundle]}`,
      { schema: { ...BUNDLE_OPERATIONS[bundle], response: BUNDLE_ANSWERS }, config: PAGE_READ },
      async (request, reply) => {
        const { locale } = request.params;
        const prepared = bundles.get(`${locale}/${bundle}`, () => messages.bundle(locale, bundle));
        if (!prepared) throw new ApiError(404, [{ code: ErrorCodes.notFound, messageKey: 'request.notFound' }]);
        return sendPrepared(request, reply.header('cache-control', 'public, max-age=300'), await prepared);
      },
    );
  }

  const staticDir = join(webDistDir, 'static');
  if (existsSync(staticDir)) {
    // From memory, never through libuv's pool where argon2 runs (memory-files.ts); the build wrote .br and .gz beside
    // each script and stylesheet (web/vite.config.ts), and every name carries its content hash.
    memoryFiles(app, {
      root: staticDir,
      prefix: `${PORTAL_UI_BASE}static/`,
      // The help-desk console's own script and stylesheet are the admin listener's to serve (staff/console-page.ts).
      allowed: (path) => !path.startsWith('console-'),
      cacheControl: 'public, max-age=31536000, immutable',
      preCompressed: true,
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return sendPage(request, reply, EXTRA_PAGES.notFound, 404);
    return sendError(
      reply,
      request,
      messages,
      new ApiError(404, [{ code: ErrorCodes.notFound, messageKey: 'request.notFound' }]),
    );
  });
};
