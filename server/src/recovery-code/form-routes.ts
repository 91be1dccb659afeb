/**
 * The recovery-code screen's form posted natively (issue 33's "Forms without the script"): the same sign-in as the
 * script's call, answered with a 303 to where the script would go, or with the screen again and the sign-in's error.
 * Refusals give one answer and do the same work for every user ID, as there.
 */
import { RECOVERY_CODE_SCREEN, validateRecoveryCodeSignIn } from '@portal/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { FormField, refusalOf, screenPost, type FormPage } from '../http/form-post.js';
import { whileAdmitted } from '../security/hash-admission.js';
import type { RouteThrottle } from '../security/throttle.js';
import type { SignInOnRoute } from '../signin-kernel/index.js';

export interface RecoveryCodeFormOptions {
  signIn: SignInOnRoute;
  throttle: RouteThrottle;
  page: FormPage;
}

const RecoveryCodeFormSchema = Type.Object({ userId: FormField, pin: FormField, code: FormField });
const QuerySchema = Type.Object({}, { additionalProperties: true });

export const recoveryCodeFormRoutes: FastifyPluginAsyncTypebox<RecoveryCodeFormOptions> = async (
  app,
  { signIn, throttle, page },
) => {
  const post = {
    screen: RECOVERY_CODE_SCREEN,
    operationId: 'recoveryCodeForm',
    summary: 'Sign in with a recovery code from the form without the script: on, or the screen again',
    querystring: QuerySchema,
    body: RecoveryCodeFormSchema,
    throttle,
    audit: ['signin.success', 'signin.failure', 'recovery-code.used'],
  } as const;
  screenPost(app, post, async (request, reply) => {
    const given = { userId: request.body.userId ?? '', pin: request.body.pin ?? '', code: request.body.code ?? '' };
    const secret = { userId: given.userId.trim(), pin: given.pin.trim(), code: given.code.trim() };
    // The form's checks, as the script makes them before it calls: nothing is sent, nothing counted.
    const fields = validateRecoveryCodeSignIn(given);
    if (Object.keys(fields).length > 0)
      return page(request, reply, RECOVERY_CODE_SCREEN, { values: { userId: given.userId }, fields }, 400);
    try {
      const location = await whileAdmitted(reply, () => signIn(secret, { request, reply }));
      // Refused: the fields are emptied, as the script empties them.
      if (location === null) return page(request, reply, RECOVERY_CODE_SCREEN, { values: {}, failure: 'invalid' }, 401);
      return reply.redirect(location, 303);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      const values: Record<string, string> = refusal.failure === 'busy' ? { userId: given.userId } : {};
      return page(request, reply, RECOVERY_CODE_SCREEN, { values, failure: refusal.failure }, refusal.status);
    }
  });
};
