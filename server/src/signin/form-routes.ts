/**
 * The sign-in screen's form posted natively (issue 33): §7's sequence as the script makes it (the logout pre-step,
 * the login info, send-login), through the same service calls, answered with a 303 to where the script would go or
 * with the screen again and §8's error. Refusals give one answer and do the same work for every user ID, as there.
 */
import { COOKIE_MAX_AGE_DAYS, USER_ID_COOKIE, trimmed, validateSignIn } from '@portal/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { FormField, refusalOf, screenPost, type FormPage, type SendLogin } from '../http/form-post.js';
import type { SessionCookies } from '../http/session-cookies.js';
import { applyDecision, browserOf } from './exchange.js';
import { whileAdmitted } from '../security/hash-admission.js';
import type { RouteThrottle } from '../security/throttle.js';
import type { SendLoginBody } from '@portal/contract/schemas';
import type { SessionManager } from '../session/index.js';
import type { DeviceCookies } from '../device/index.js';
import type { SignInService } from './signin-service.js';

export interface SignInFormOptions {
  signIn: SignInService;
  sessions: SessionManager;
  cookies: SessionCookies;
  deviceCookies: DeviceCookies;
  throttle: RouteThrottle;
  page: FormPage;
  secureCookies: boolean;
}

const SignInFormSchema = Type.Object({ userId: FormField, password: FormField, rememberUserId: FormField });
const SignInQuerySchema = Type.Object({ ssoStep: Type.Optional(Type.String()) }, { additionalProperties: true });
const SCREEN = 'login-signin-component';

/** §3's `user_id` cookie as the user chose in the form, with the attributes the script writes it with. */
function keepUserId(reply: FastifyReply, userId: string, remember: boolean, secure: boolean): void {
  const options = { path: '/', sameSite: 'lax' as const, secure };
  if (remember) reply.setCookie(USER_ID_COOKIE, userId, { ...options, maxAge: COOKIE_MAX_AGE_DAYS * 24 * 60 * 60 });
  else reply.clearCookie(USER_ID_COOKIE, options);
}

/**
 * §7's send-login call on the service, from this browser's session (the token screens' steps), admitted to the hash
 * queue as the call is, opening the session it decides.
 */
export function formSendLogin({
  signIn,
  ...exchange
}: Pick<SignInFormOptions, 'signIn' | 'sessions' | 'cookies' | 'deviceCookies'>) {
  // `anew`: after the logout pre-step, the browser's session is gone, and none is replaced.
  const send = async (request: FastifyRequest, reply: FastifyReply, body: SendLoginBody, anew = false) => {
    const browser = browserOf(exchange, request, anew ? undefined : exchange.cookies.sessionId(request));
    const decision = await whileAdmitted(reply, () => signIn.signIn(body, browser));
    return decision && applyDecision(exchange, reply, decision, browser);
  };
  return send satisfies SendLogin;
}

/**
 * §7's sign-in sequence on the service, as the script makes it: the logout pre-step (none after single sign-on, whose
 * session is the token step's), the login info, send-login, and the session it opens. Answers where to go, or null
 * when refused; a refusal for load or an outage is thrown, as the calls answer it.
 */
export function formSignIn(options: Pick<SignInFormOptions, 'signIn' | 'sessions' | 'cookies' | 'deviceCookies'>) {
  const { signIn, sessions, cookies } = options;
  const send = formSendLogin(options);
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    password: string,
    afterProvider = false,
  ): Promise<string | null> => {
    if (!afterProvider) await cookies.end(request, reply, (rawId) => sessions.end(rawId));
    const info = await signIn.loginInfo(userId);
    // The page's cobrand, as the script sends it: the form's address carries it.
    const { cobrandHost } = request.query as { cobrandHost?: unknown };
    const page = typeof cobrandHost === 'string' ? { cobrandHost: cobrandHost.slice(0, 64) } : {};
    const body = { username: info.ldapId, 'login-form-type': info.loginType, password, ...page };
    const sent = await send(request, reply, body, !afterProvider);
    return sent?.location ?? null;
  };
}

export const signInFormRoutes: FastifyPluginAsyncTypebox<SignInFormOptions> = async (
  app,
  { signIn, sessions, cookies, deviceCookies, throttle, page, secureCookies },
) => {
  const signInWith = formSignIn({ signIn, sessions, cookies, deviceCookies });
  const post = {
    screen: SCREEN,
    operationId: 'signInForm',
    summary: 'Sign in from the form without the script: on to where the script would go, or the screen again',
    querystring: SignInQuerySchema,
    body: SignInFormSchema,
    throttle,
    audit: ['signin.success', 'signin.failure'],
  } as const;
  screenPost(app, post, async (request, reply) => {
    const userId = trimmed(request.body.userId);
    const password = trimmed(request.body.password);
    // §5's checks, as the script makes them before it calls: nothing is sent, nothing counted.
    const fields = validateSignIn({ userId, password });
    if (Object.keys(fields).length > 0)
      return page(request, reply, SCREEN, { values: { userId: request.body.userId ?? '' }, fields }, 400);
    // After single sign-on the provider's session is the token step's: the script makes no logout pre-step then.
    const afterProvider = request.query.ssoStep === 'token';
    try {
      const location = await signInWith(request, reply, userId, password, afterProvider);
      // §8: refused, the fields are emptied, as the script empties them.
      if (location === null) return page(request, reply, SCREEN, { values: {}, failure: 'invalid' }, 401);
      if (!afterProvider) keepUserId(reply, userId, request.body.rememberUserId !== undefined, secureCookies);
      return reply.redirect(location, 303);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      // Refused for load, nothing was tried: the user ID stays for the user to send again.
      const values: Record<string, string> = refusal.failure === 'busy' ? { userId: request.body.userId ?? '' } : {};
      return page(request, reply, SCREEN, { values, failure: refusal.failure }, refusal.status);
    }
  });
};
