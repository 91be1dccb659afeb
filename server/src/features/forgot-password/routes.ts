/** §7's recovery calls at the spec's paths; throttled, JSON only, and answered alike whatever the user. */
import { Paths } from '@portal/contract';
import { ForgotPasswordRequestSchema, SecurityQuestionRequestSchema, SecurityQuestionSchema, TemporaryPasswordRequestSchema } from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireContentType } from '../../http/content-type.js';
import type { RouteThrottle } from '../../security/throttle.js';
import type { RecoveryService } from './recovery-service.js';

export interface RecoveryRoutesOptions {
  recovery: RecoveryService;
  throttle: RouteThrottle;
}

const Empty = Type.Object({});

export const forgotPasswordRoutes: FastifyPluginAsyncTypebox<RecoveryRoutesOptions> = async (app, { recovery, throttle }) => {
  const json = requireContentType('application/json');

  app.post(Paths.securityQuestions, {
    schema: { body: SecurityQuestionRequestSchema, response: { 200: SecurityQuestionSchema } }, config: throttle, preValidation: json,
  }, async (request) => recovery.question(typeof request.body === 'string' ? request.body : request.body.userId));

  app.post(Paths.temporaryPasswords, {
    schema: { body: TemporaryPasswordRequestSchema, response: { 200: Empty } }, config: throttle, preValidation: json,
  }, async (request) => {
    const { userId, locale, securityQuestionSTO } = request.body;
    await recovery.requestTemporaryPassword({ userId, locale, questionId: securityQuestionSTO.questionId, answer: securityQuestionSTO.questionResponse });
    return {};
  });

  // The same recovery under §7's other name, for clients of the original service.
  app.post(Paths.forgotPassword, {
    schema: { body: ForgotPasswordRequestSchema, response: { 200: Empty } }, config: throttle, preValidation: json,
  }, async (request) => {
    const { userId, locale, securityQuestion } = request.body;
    await recovery.requestTemporaryPassword({ userId, locale, questionId: securityQuestion.questionId, answer: securityQuestion.questionResponse });
    return {};
  });
};
