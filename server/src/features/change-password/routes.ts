/** §7's change-password calls. A restricted (must-change) session or a full one may change its own password. */
import { ErrorCodes, Paths } from '@portal/contract';
import { ChangePasswordRequestSchema, ChangePasswordServiceUrlsSchema } from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../http/api-error.js';
import { requireContentType } from '../../http/content-type.js';
import type { RouteThrottle } from '../../security/throttle.js';
import type { SessionManager } from '../../sessions/session-manager.js';
import type { ChangePasswordService } from './change-password-service.js';

export interface ChangePasswordRoutesOptions {
  changePassword: ChangePasswordService;
  sessions: SessionManager;
  throttle: RouteThrottle;
}

const unauthenticated = () => new ApiError(401, [{ code: ErrorCodes.unauthenticated, messageKey: 'session.ended' }]);

export const changePasswordRoutes: FastifyPluginAsyncTypebox<ChangePasswordRoutesOptions> = async (app, { changePassword, sessions, throttle }) => {
  app.post(Paths.changePassword, {
    schema: { body: ChangePasswordRequestSchema, response: { 200: Type.Object({}) } },
    config: throttle,
    preValidation: requireContentType('application/json'),
  }, async (request, reply) => {
    const session = await sessions.current(request, ['full', 'change_password']);
    if (!session) throw unauthenticated();
    const outcome = await changePassword.change(session, request.body);
    if (!outcome.ok && outcome.code === 'invalid.credentials') {
      throw new ApiError(400, [{ code: 'invalid.credentials', messageKey: 'password.current.invalid', field: 'oldCredential' }]);
    }
    if (!outcome.ok) {
      throw new ApiError(400, [{ code: 'password.policy', messageKey: 'password.requirements.notMet', field: 'newCredential', params: outcome.rules }]);
    }
    // A must-change session has done its one job; a signed-in user changing from their profile stays signed in.
    if (session.kind === 'change_password') await sessions.end(request, reply);
    await sessions.endOthersFor(session);
    return {};
  });

  app.get(Paths.changePasswordServiceUrls, { schema: { response: { 200: ChangePasswordServiceUrlsSchema } } }, async (request) => {
    const session = await sessions.current(request, ['full', 'change_password']);
    if (!session) throw unauthenticated();
    const home = `${Paths.platformHome}?cobrandHost=${encodeURIComponent(session.cobrand)}`;
    return { cancelPasswordReset: home, passwordResetProfile: home };
  });
};
