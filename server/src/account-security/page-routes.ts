/**
 * The security page itself: rendered on the service with the user's own lists, so it shows and works without its
 * script, and its form posted natively (issue 33's progressive enhancement): end one session, or all the others, then
 * back to the page (post, redirect, get), which says how many ended. Without a full session, the sign-in page.
 */
import { ENDED_PARAM, routePath, SECURITY_FORM, SIGN_IN_RETURN_COOKIE } from '@portal/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { NoBody } from '@portal/contract/schemas';
import { FORM, requireContentType } from '../http/content-type.js';
import { FormField, screenPaths } from '../http/form-post.js';
import { originOf } from '../http/origin.js';
import type { SessionCookies } from '../http/session-cookies.js';
import type { RouteThrottle } from '../security/throttle.js';
import type { SessionManager } from '../session/index.js';
import type { SecurityService } from './security-service.js';

/** The pages capability's sender of a page with the user's own data (screens.ts hands it over). */
export type SecurityPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  own: { security: Awaited<ReturnType<SecurityService['overview']>> },
) => Promise<FastifyReply>;

export interface SecurityPageOptions {
  security: SecurityService;
  sessions: SessionManager;
  cookies: SessionCookies;
  throttle: RouteThrottle;
  page: SecurityPage;
}

const SCREEN = 'security-component';
const CobrandQuery = Type.Object({ cobrandHost: Type.Optional(Type.String()) }, { additionalProperties: true });
const SecurityFormSchema = Type.Object({
  [SECURITY_FORM.end]: FormField,
  [SECURITY_FORM.endOthers]: FormField,
});

const cobrandQuery = (cobrand: string | undefined) => (cobrand ? `?cobrandHost=${encodeURIComponent(cobrand)}` : '');

export const securityPageRoutes: FastifyPluginAsyncTypebox<SecurityPageOptions> = async (app, options) => {
  const { security, sessions, cookies, throttle, page } = options;
  /** As every signed-in page does without a session: on to the sign-in page of the cobrand asked for. */
  const toSignIn = (reply: FastifyReply, cobrand: string | undefined) =>
    reply.redirect(`${routePath('login-signin-component')}${cobrandQuery(cobrand)}`, 303);

  for (const path of screenPaths(SCREEN)) {
    app.get(path, { schema: { querystring: CobrandQuery } }, async (request, reply) => {
      const session = await sessions.find(cookies.sessionId(request));
      if (!session) return toSignIn(reply, request.query.cobrandHost);
      // Back after signing in again (sign-in-return.ts): the next sign-in goes its usual way.
      if (request.cookies[SIGN_IN_RETURN_COOKIE] !== undefined) reply.clearCookie(SIGN_IN_RETURN_COOKIE, { path: '/' });
      return page(request, reply, SCREEN, { security: await security.overview(session) });
    });

    app.post(
      path,
      {
        schema: {
          operationId: path === screenPaths(SCREEN)[0] ? 'securityForm' : 'securityFormInContext',
          summary: 'End a session, or all the others, from the security page without the script',
          consumes: [FORM],
          querystring: CobrandQuery,
          body: SecurityFormSchema,
          response: { 303: NoBody('Back to the security page, or to sign-in without a session') },
        },
        config: throttle,
        preValidation: requireContentType(FORM),
      },
      async (request, reply) => {
        const session = await sessions.find(cookies.sessionId(request));
        if (!session) return toSignIn(reply, request.query.cobrandHost);
        const origin = originOf(request);
        const { end, endOthers } = request.body;
        const ended =
          endOthers !== undefined
            ? await security.endOthers(session, origin)
            : end
              ? Number(await security.endOne(session, end, origin))
              : 0;
        const query = new URLSearchParams({ cobrandHost: session.cobrand, [ENDED_PARAM]: String(ended) });
        return reply.redirect(`${routePath(SCREEN)}?${query}`, 303);
      },
    );
  }
};
