/**
 * The next-token screen's form posted natively (issue 33): §7's send-login with the next tokencode, as the script
 * sends it (the token user's alias, the attempt the page's address carries), answered with a 303 to where the answer
 * leads: on (signed in), or the screen again at the address with §8's `ec`, which the screen words as it does when the
 * script reads the code from the answer. A visitor out of turn is sent to the logout address, as the script sends them.
 */
import { PASSCODE_LENGTH } from '@portal/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  FormField,
  refusalOf,
  screenPost,
  type FormPage,
  type SendLogin,
  type TokenUserOf,
} from '../http/form-post.js';
import type { RouteThrottle } from '../security/throttle.js';

export interface NextTokenFormOptions {
  sendLogin: SendLogin;
  tokenUserOf: TokenUserOf;
  throttle: RouteThrottle;
  page: FormPage;
  logoutFor: (cobrand: string | undefined) => string;
}

const SCREEN = 'next-token-component';
const NextTokenFormSchema = Type.Object({ passcode: FormField });
/** The attempt the page's address carries (§2), which the script sends with the code. */
const NextTokenQuerySchema = Type.Object(
  {
    authn_attempt_id: Type.Optional(Type.String({ maxLength: 256 })),
    in_response_to: Type.Optional(Type.String({ maxLength: 256 })),
    referral_path: Type.Optional(Type.String({ maxLength: 2048 })),
    cobrandHost: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

export const nextTokenFormRoutes: FastifyPluginAsyncTypebox<NextTokenFormOptions> = async (app, options) => {
  const { sendLogin, tokenUserOf, throttle, page, logoutFor } = options;
  const post = {
    screen: SCREEN,
    operationId: 'nextTokenForm',
    summary: 'The next tokencode from the form without the script: on, or the screen again with its error',
    querystring: NextTokenQuerySchema,
    body: NextTokenFormSchema,
    throttle,
    audit: ['signin.success', 'signin.failure'],
  } as const;
  screenPost(app, post, async (request, reply) => {
    const user = await tokenUserOf(request, 'nexttoken');
    if (!user.shouldAccess) return reply.redirect(logoutFor(request.query.cobrandHost), 303);
    const passcode = request.body.passcode ?? '';
    // §5: required and exactly 8 characters, otherwise "invalid token"; nothing is sent.
    if (passcode.length !== PASSCODE_LENGTH)
      return page(request, reply, SCREEN, { values: {}, fields: { passcode: 'invalid' } }, 400);
    const { query } = request;
    const body = {
      username: user.b2BAlias,
      'login-form-type': 'next-token' as const,
      password: passcode,
      authn_attempt_id: query.authn_attempt_id ?? '',
      in_response_to: query.in_response_to ?? '',
      referral_path: query.referral_path ?? '',
    };
    try {
      const sent = await sendLogin(request, reply, body);
      // Refused: the script shows "invalid token" on the field for any refusal that is not the service's own.
      if (!sent) return page(request, reply, SCREEN, { values: {}, fields: { passcode: 'invalid' } }, 401);
      return reply.redirect(sent.location, 303);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return page(request, reply, SCREEN, { values: {}, fields: { passcode: 'system' } }, refusal.status);
    }
  });
};
