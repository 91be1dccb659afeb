import { Paths } from '@portal/contract';
import { FORM, requireContentType, textAnswer } from '../http/content-type.js';
import {
  LoginInfoQuerySchema,
  LoginInfoSchema,
  LoginSigninBodySchema,
  LoginSigninRecordSchema,
  SendLoginBodySchema,
  WhereNextSchema,
  RefusedSchema,
} from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteThrottle } from '../security/throttle.js';
import { BUSY_OR_UNAVAILABLE, whileAdmitted } from '../security/hash-admission.js';
import { applyDecision, browserOf, type ExchangeDeps } from './exchange.js';
import type { SignInService } from './signin-service.js';
import { browserChange, guard } from '../http/route-guard.js';

export interface SignInRoutesOptions extends ExchangeDeps {
  signIn: SignInService;
  throttle: RouteThrottle;
  /** The one body every refused sign-in gets (§8 and ARCHITECTURE §4): no cause can be told apart. */
  refusedBody: () => string;
}

export const signInRoutes: FastifyPluginAsyncTypebox<SignInRoutesOptions> = async (
  app,
  { signIn, throttle, refusedBody, ...exchange },
) => {
  app.get(
    Paths.loginInfo,
    {
      schema: {
        operationId: 'loginInfo',
        summary: 'How a user ID signs in (its ldapId and login type)',
        querystring: LoginInfoQuerySchema,
        response: { 200: LoginInfoSchema },
      },
      config: { ...throttle, ...guard({ throttle: 'own', changes: false }) },
    },
    async (request) => signIn.loginInfo(request.query.username),
  );

  app.post(
    Paths.sendLogin,
    {
      schema: {
        operationId: 'sendLogin',
        summary: 'Sign in: a form with the password or token code; answers, as text, where to go next',
        consumes: [FORM],
        body: SendLoginBodySchema,
        response: { 200: textAnswer(WhereNextSchema), 401: textAnswer(RefusedSchema), 503: BUSY_OR_UNAVAILABLE },
      },
      config: { ...throttle, ...browserChange(['signin.success', 'signin.failure']) },
      // §7: send-login is form-encoded; a body in any other type is refused before it can count as a try.
      preValidation: requireContentType(FORM),
    },
    async (request, reply) => {
      // Admitted to the hash queue before anything is read or counted: refused for load, it has done nothing.
      const browser = browserOf(exchange, request);
      const decision = await whileAdmitted(reply, () => signIn.signIn(request.body, browser));
      reply.type('text/plain; charset=utf-8');
      if (decision === null) return reply.code(401).send(refusedBody());
      return (await applyDecision(exchange, reply, decision, browser)).location;
    },
  );

  app.post(
    Paths.loginSignin,
    {
      schema: {
        operationId: 'loginSignin',
        summary: "A user ID's alias (b2BAlias), as the sign-in screen asks for it",
        body: LoginSigninBodySchema,
        response: { 200: LoginSigninRecordSchema },
      },
      config: { ...throttle, ...guard({ throttle: 'own', changes: false, csrf: 'token' }) },
    },
    async (request) => {
      const userId = typeof request.body === 'string' ? request.body : request.body.userId;
      return { b2BAlias: (await signIn.loginInfo(userId)).b2BAlias };
    },
  );
};
