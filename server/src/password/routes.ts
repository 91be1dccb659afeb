/** §7's password calls: the recovery (question, then answer) and the change, at the spec's paths. */
import { ErrorCodes, Paths, routePath } from '@portal/contract';
import {
  ChangePasswordRequestSchema,
  ChangePasswordServiceUrlsSchema,
  ForgotPasswordRequestSchema,
  SecurityQuestionRequestSchema,
  SecurityQuestionSchema,
  TemporaryPasswordRequestSchema,
} from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError, sessionEnded } from '../http/api-error.js';
import { requireContentType } from '../http/content-type.js';
import { originOf } from '../http/origin.js';
import { BUSY_OR_UNAVAILABLE, ifAdmitted, whileAdmitted } from '../security/hash-admission.js';
import type { RouteThrottle } from '../security/throttle.js';
import type { SessionCookies } from '../http/session-cookies.js';
import type { SessionManager } from '../session/index.js';
import type { ChangePasswordService } from './change-password-service.js';
import type { RecoveryService } from './recovery-service.js';
import { afterChange } from './after-change.js';
import { browserChange, STATE_READ } from '../http/route-guard.js';

export interface PasswordRoutesOptions {
  recovery: RecoveryService;
  changePassword: ChangePasswordService;
  sessions: SessionManager;
  cookies: SessionCookies;
  throttle: RouteThrottle;
  /** Forgets the account's trusted devices but the asking browser's (a change's `forgetOtherDevices`): how many. */
  forgetOtherDevices: (request: FastifyRequest, accountId: string) => Promise<number>;
  /** The browser's trusted device, from its device cookie (the device capability's): its tries count there. */
  deviceIdOf: (request: FastifyRequest) => string | undefined;
}

const Empty = Type.Object({});

const json = requireContentType('application/json');

export const passwordRoutes: FastifyPluginAsyncTypebox<PasswordRoutesOptions> = async (app, options) => {
  await app.register(recoveryRoutes, options);
  await app.register(changeRoutes, options);
};

/** Forgotten password: the question, then the answer that sends a temporary password. */
const recoveryRoutes: FastifyPluginAsyncTypebox<PasswordRoutesOptions> = async (app, { recovery, throttle }) => {
  // Both of §7's recovery calls carry the same answer under two names; each answers `{}` whatever happened. The
  // answer is an argon2 verify: admitted to the hash queue before the try is claimed, so a refusal for load counts
  // nothing, as a sign-in's does; its verify then takes its turn, as the claim may first wait for a try.
  const recover = async (
    request: FastifyRequest,
    userId: string,
    locale: string | undefined,
    answer: { questionId: string; questionResponse: string },
  ) => {
    const asked = { userId, locale, questionId: answer.questionId, answer: answer.questionResponse };
    await ifAdmitted(() => recovery.requestTemporaryPassword(asked, originOf(request)));
    return {};
  };

  app.post(
    Paths.securityQuestions,
    {
      schema: {
        operationId: 'securityQuestion',
        summary: "A user's security question (a decoy for an unknown user ID)",
        body: SecurityQuestionRequestSchema,
        response: { 200: SecurityQuestionSchema },
      },
      config: { ...throttle, ...browserChange('recovery.asked') },
      preValidation: json,
    },
    async (request) => {
      const { body } = request;
      return typeof body === 'string'
        ? recovery.question(body, {}, originOf(request))
        : recovery.question(body.userId, { locale: body.locale, cobrandName: body.cobrandName }, originOf(request));
    },
  );

  app.post(
    Paths.temporaryPasswords,
    {
      schema: {
        operationId: 'temporaryPassword',
        summary: 'Answer the security question to get a temporary password by mail',
        body: TemporaryPasswordRequestSchema,
        response: { 200: Empty, 503: BUSY_OR_UNAVAILABLE },
      },
      config: { ...throttle, ...browserChange('recovery.failure') },
      preValidation: json,
    },
    async (request) => recover(request, request.body.userId, request.body.locale, request.body.securityQuestionSTO),
  );

  // The same recovery under §7's other name, for clients of the original service.
  app.post(
    Paths.forgotPassword,
    {
      schema: {
        operationId: 'forgotPassword',
        summary: 'The same recovery under its other name',
        body: ForgotPasswordRequestSchema,
        response: { 200: Empty, 503: BUSY_OR_UNAVAILABLE },
      },
      config: { ...throttle, ...browserChange(['recovery.mailed', 'recovery.failure']) },
      preValidation: json,
    },
    async (request) => recover(request, request.body.userId, request.body.locale, request.body.securityQuestion),
  );
};

/** Change password: a restricted (must-change) session or a full one may change its own password. */
const changeRoutes: FastifyPluginAsyncTypebox<PasswordRoutesOptions> = async (
  app,
  { changePassword, sessions, cookies, throttle, forgetOtherDevices, deviceIdOf },
) => {
  app.post(
    Paths.changePassword,
    {
      schema: {
        operationId: 'changePassword',
        summary: "Change the signed-in (or must-change) user's password",
        body: ChangePasswordRequestSchema,
        response: { 200: Empty, 503: BUSY_OR_UNAVAILABLE },
      },
      config: { ...throttle, ...browserChange(['password.changed', 'password.change.failure']) },
      preValidation: json,
    },
    async (request, reply) => {
      const session = await sessions.find(cookies.sessionId(request), ['full', 'change_password']);
      if (!session) throw sessionEnded();
      // The current password is an argon2 verify: admitted before its try is claimed, as a sign-in is.
      const outcome = await whileAdmitted(reply, () =>
        changePassword.change(session, request.body, originOf(request), deviceIdOf(request)),
      );
      if (!outcome.ok && outcome.code === ErrorCodes.passwordChangeNotOffered) {
        throw new ApiError(403, [
          { code: ErrorCodes.passwordChangeNotOffered, messageKey: 'password.change.notOffered' },
        ]);
      }
      if (!outcome.ok && outcome.code === ErrorCodes.invalidCredentials) {
        throw new ApiError(400, [
          { code: ErrorCodes.invalidCredentials, messageKey: 'password.current.invalid', field: 'oldCredential' },
        ]);
      }
      if (!outcome.ok) {
        throw new ApiError(400, [
          {
            code: ErrorCodes.passwordPolicy,
            messageKey: 'password.requirements.notMet',
            field: 'newCredential',
            params: outcome.rules,
          },
        ]);
      }
      await afterChange({ sessions, cookies }, request, reply, session);
      if (request.body.forgetOtherDevices === true) await forgetOtherDevices(request, session.account_id);
      return {};
    },
  );

  app.get(
    Paths.changePasswordServiceUrls,
    {
      schema: {
        operationId: 'changePasswordServiceUrls',
        summary: 'Where change password goes on success, cancel and failure',
        response: { 200: ChangePasswordServiceUrlsSchema },
      },
      config: STATE_READ,
    },
    async (request) => {
      const session = await sessions.find(cookies.sessionId(request), ['full', 'change_password']);
      if (!session) throw sessionEnded();
      // The profile (§4's MyProfile destination) is the security page, where the user came from (issue 34).
      const profile = `${routePath('security-component')}?cobrandHost=${encodeURIComponent(session.cobrand)}`;
      return { cancelPasswordReset: profile, passwordResetProfile: profile };
    },
  );
};
