/**
 * The security page itself: rendered on the service with the user's own lists, so it shows and works without its
 * script, and its form posted natively (issue 33's progressive enhancement): end one session, or all the others, then
 * back to the page (post, redirect, get), which says how many ended. Ending all the others asks first (WCAG 3.3.4):
 * the button alone leads back to the page with the question open, and only its "Yes" ends them. Without a full
 * session, the sign-in page.
 */
import { routePath } from '@portal/contract';
import {
  END_OTHERS_QUESTION_ID,
  ENDED_PARAM,
  SECURITY_CONFIRM_PARAM,
  SECURITY_FORM,
  SIGN_IN_RETURN_COOKIE,
} from '@portal/contract/security';
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
import { STATE_READ } from '../http/route-guard.js';
import { ENDS_SESSIONS } from './routes.js';

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
  [SECURITY_FORM.confirm]: FormField,
});

const cobrandQuery = (cobrand: string | undefined) => (cobrand ? `?cobrandHost=${encodeURIComponent(cobrand)}` : '');

export const securityPageRoutes: FastifyPluginAsyncTypebox<SecurityPageOptions> = async (app, options) => {
  const { security, sessions, cookies, throttle, page } = options;
  /** As every signed-in page does without a session: on to the sign-in page of the cobrand asked for. */
  const toSignIn = (reply: FastifyReply, cobrand: string | undefined) =>
    reply.redirect(`${routePath('login-signin-component')}${cobrandQuery(cobrand)}`, 303);

  for (const path of screenPaths(SCREEN)) {
    app.get(path, { schema: { querystring: CobrandQuery }, config: STATE_READ }, async (request, reply) => {
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
          summary: 'End a session, or all the others once confirmed, from the security page without the script',
          consumes: [FORM],
          querystring: CobrandQuery,
          body: SecurityFormSchema,
          response: { 303: NoBody('Back to the security page, or to sign-in without a session') },
        },
        config: { ...throttle, ...ENDS_SESSIONS },
        preValidation: requireContentType(FORM),
      },
      async (request, reply) => {
        const session = await sessions.find(cookies.sessionId(request));
        if (!session) return toSignIn(reply, request.query.cobrandHost);
        const origin = originOf(request);
        const { end, endOthers, confirm } = request.body;
        const back = (state: Record<string, string>, at = '') =>
          reply.redirect(
            `${routePath(SCREEN)}?${new URLSearchParams({ cobrandHost: session.cobrand, ...state })}${at}`,
            303,
          );
        // The button alone, or a post from before the question: nothing ended, the page asks (at the question).
        if (endOthers !== undefined && confirm !== SECURITY_FORM.endOthers)
          return back({ [SECURITY_CONFIRM_PARAM]: SECURITY_FORM.endOthers }, `#${END_OTHERS_QUESTION_ID}`);
        const ended =
          confirm === SECURITY_FORM.endOthers
            ? await security.endOthers(session, origin)
            : end
              ? Number(await security.endOne(session, end, origin))
              : 0;
        return back({ [ENDED_PARAM]: String(ended) });
      },
    );
  }
};
