/**
 * The code screen's form posted natively (issue 33's "Forms without the script"): the code, answered with a 303 to
 * where the script would go, or the screen again with what went wrong; or, by its second button, a new code, answered
 * with the screen again saying it was sent.
 */
import { DEVICE_CODE_SCREEN, validateDeviceCode } from '@portal/contract/device-code';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { FormField, screenPost, type FormPage } from '../http/form-post.js';
import type { RouteThrottle } from '../security/throttle.js';
import type { SignInOnRoute } from '../signin-kernel/index.js';
import { deviceCodeLocation } from './gate.js';
import { heldFor, type HeldDeps, resendFor } from './held.js';

export interface DeviceCodeFormOptions extends HeldDeps {
  signIn: SignInOnRoute;
  throttle: RouteThrottle;
  page: FormPage;
}

const DeviceCodeFormSchema = Type.Object({ attempt: FormField, code: FormField, resend: FormField });
const QuerySchema = Type.Object({}, { additionalProperties: true });

export const deviceCodeFormRoutes: FastifyPluginAsyncTypebox<DeviceCodeFormOptions> = async (app, options) => {
  const { signIn, throttle, page } = options;
  const post = {
    screen: DEVICE_CODE_SCREEN,
    operationId: 'deviceCodeForm',
    summary: 'The new-device code from the form without the script, or a new code: on, or the screen again',
    querystring: QuerySchema,
    body: DeviceCodeFormSchema,
    throttle,
    audit: ['signin.verification.passed', 'signin.verification.failed', 'signin.verification.sent'],
  } as const;
  screenPost(app, post, async (request, reply) => {
    const attempt = request.body.attempt ?? '';
    const again = (failure: string, status: number, fields?: Record<string, string>) =>
      page(request, reply, DEVICE_CODE_SCREEN, { values: {}, failure, ...(fields ? { fields } : {}) }, status);
    if (request.body.resend !== undefined) {
      const held = await heldFor(options, request, attempt);
      const status = held && (await resendFor(options, request, attempt));
      if (!held || !status) return again('ended', 401);
      return reply.redirect(`${deviceCodeLocation(attempt, held.account.cobrand)}&resent=${status}`, 303);
    }
    const code = request.body.code ?? '';
    const invalid = validateDeviceCode(code);
    if (invalid) return page(request, reply, DEVICE_CODE_SCREEN, { values: {}, fields: { code: invalid } }, 400);
    const location = await signIn({ attempt, code: code.trim() }, { request, reply });
    if (location !== null) return reply.redirect(location, 303);
    return again((await heldFor(options, request, attempt)) ? 'invalid' : 'ended', 401);
  });
};
