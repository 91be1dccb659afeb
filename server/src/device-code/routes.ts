/**
 * The new-device code's calls (docs/api.md): the code for a held sign-in (answered, as send-login answers, with where
 * to go), and a new code in place of the last. Both only from the browser whose sign-in was held.
 */
import { DeviceCodePaths } from '@portal/contract/device-code';
import {
  DeviceCodeBodySchema,
  DeviceCodeRefusedSchema,
  DeviceCodeResendSchema,
  WhereNextSchema,
} from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireContentType, textAnswer } from '../http/content-type.js';
import { browserChange } from '../http/route-guard.js';
import type { RouteThrottle } from '../security/throttle.js';
import type { SignInOnRoute } from '../signin-kernel/index.js';
import { heldFor, type HeldDeps, resendFor } from './held.js';

export interface DeviceCodeRoutesOptions extends HeldDeps {
  throttle: RouteThrottle;
  signIn: SignInOnRoute;
}

const JSON_BODY = requireContentType('application/json');
const ResentSchema = Type.Object({
  status: Type.Union([Type.Literal('sent'), Type.Literal('unsent'), Type.Literal('limit')]),
});

export const deviceCodeRoutes: FastifyPluginAsyncTypebox<DeviceCodeRoutesOptions> = async (app, options) => {
  const { throttle, signIn } = options;
  app.post(
    DeviceCodePaths.verify,
    {
      schema: {
        operationId: 'deviceCodeSignIn',
        summary: 'The code mailed for a sign-in from a new browser; answers, as text, where to go',
        body: DeviceCodeBodySchema,
        response: { 200: textAnswer(WhereNextSchema), 401: DeviceCodeRefusedSchema },
      },
      config: {
        ...throttle,
        ...browserChange([
          'signin.verification.passed',
          'signin.verification.failed',
          'signin.success',
          'signin.failure',
        ]),
      },
      preValidation: JSON_BODY,
    },
    async (request, reply) => {
      const location = await signIn(request.body, { request, reply });
      if (location !== null) return reply.type('text/plain; charset=utf-8').send(location);
      const held = await heldFor(options, request, request.body.attempt);
      return reply.code(401).send({ ended: held === undefined });
    },
  );

  app.post(
    DeviceCodePaths.resend,
    {
      schema: {
        operationId: 'deviceCodeResend',
        summary: 'A new code for a sign-in from a new browser, mailed in place of the last',
        body: DeviceCodeResendSchema,
        response: { 200: ResentSchema, 401: DeviceCodeRefusedSchema },
      },
      config: { ...throttle, ...browserChange(['signin.verification.sent', 'signin.verification.unsent']) },
      preValidation: JSON_BODY,
    },
    async (request, reply) => {
      const status = await resendFor(options, request, request.body.attempt);
      return status ? { status } : reply.code(401).send({ ended: true });
    },
  );
};
