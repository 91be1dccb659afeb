/**
 * Serves the built web app: each §2 route is its own page (ARCHITECTURE §1), unknown addresses get the not-found page,
 * and the locale bundles are answered at §7's paths.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCodes, PORTAL_UI_BASE, Paths, ROUTES, routePath } from '@portal/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { sendError } from '../../http/error-handler.js';
import type { Bundle, Messages } from '../../i18n/messages.js';

export interface WebPagesOptions {
  webDistDir: string;
  messages: Messages;
}

const EXTRA_PAGES = { notFound: 'not-found', home: 'home', identityProvider: 'identity-provider' } as const;
const BUNDLE_PATHS: Record<Bundle, string> = {
  Messages: 'commercial-common-translations/com/mastercard/cp/sdng/common/resources/Messages.json',
  PortalLabels: 'user-ux/PortalLabels.json',
};

export const webPagesRoutes: FastifyPluginAsync<WebPagesOptions> = async (app, { webDistDir, messages }) => {
  const pageDir = join(webDistDir, 'pages');
  const pages = new Map<string, Buffer>();
  for (const name of [...ROUTES, ...Object.values(EXTRA_PAGES)]) {
    const file = join(pageDir, `${name}.html`);
    if (existsSync(file)) pages.set(name, readFileSync(file));
  }
  if (pages.size === 0) app.log.warn(`The web app is not built (${pageDir} is missing): run \`npm run build\`.`);

  const sendPage = (reply: FastifyReply, name: string, status = 200): FastifyReply => {
    const page = pages.get(name);
    if (!page) return reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built: run `npm run build`.');
    return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
  };

  for (const route of ROUTES) app.get(routePath(route), async (_request, reply) => sendPage(reply, route));
  app.get(Paths.platformHome, async (_request, reply) => sendPage(reply, EXTRA_PAGES.home));
  app.get(Paths.ssoStandIn, async (_request, reply) => sendPage(reply, EXTRA_PAGES.identityProvider));

  const toSignIn = (_request: unknown, reply: FastifyReply) => reply.redirect(routePath('login-signin-component'), 302);
  app.get('/', toSignIn);
  app.get(PORTAL_UI_BASE, toSignIn);
  // §7's outgoing forgot-password link lands on the portal's own screen, keeping its query.
  app.get('/sdportal/forgotPassword.view', async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`${routePath('forgot-password-component')}${query}`, 302);
  });

  for (const bundle of Object.keys(BUNDLE_PATHS) as Bundle[]) {
    app.get<{ Params: { locale: string } }>(`${PORTAL_UI_BASE}assets/i18n/:locale/${BUNDLE_PATHS[bundle]}`, async (request, reply) => {
      const body = messages.bundle(request.params.locale, bundle);
      if (!body) throw new ApiError(404, [{ code: ErrorCodes.notFound, messageKey: 'request.notFound' }]);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=300');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    });
  }

  const staticDir = join(webDistDir, 'static');
  if (existsSync(staticDir)) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: `${PORTAL_UI_BASE}static/`,
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: '365d',
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return sendPage(reply, EXTRA_PAGES.notFound, 404);
    return sendError(reply, request, messages, new ApiError(404, [{ code: ErrorCodes.notFound, messageKey: 'request.notFound' }]));
  });
};
