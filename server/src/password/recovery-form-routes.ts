/**
 * The forgot-password screen's form posted natively (issue 33): its first step asks the question, its second sends
 * the answer, through the same service calls the script makes, and each answers the screen at its next step, or again
 * with the error the script would show. The same work and the same answer for an unknown user ID as for a known one.
 */
import { LOCALE_COOKIE, MAX_USER_ID_LENGTH, trimmed, type PostedForm } from '@portal/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { FormField, refusalOf, SCREEN_AGAIN, screenPost, type FormPage } from '../http/form-post.js';
import { originOf } from '../http/origin.js';
import { ifAdmitted } from '../security/hash-admission.js';
import type { RouteThrottle } from '../security/throttle.js';
import type { RecoveryService } from './recovery-service.js';

export interface RecoveryFormOptions {
  recovery: RecoveryService;
  throttle: RouteThrottle;
  page: FormPage;
}

const SCREEN = 'forgot-password-component';
const MAX_ANSWER_LENGTH = 128;
const RecoveryFormSchema = Type.Object({
  userId: FormField,
  questionId: FormField,
  questionText: FormField,
  answer: FormField,
});
const RecoveryQuerySchema = Type.Object({ cobrandHost: Type.Optional(Type.String()) }, { additionalProperties: true });
type Body = Partial<Record<keyof typeof RecoveryFormSchema.properties, string>>;

/** §5: the field required, and no longer than the call accepts. */
const fieldCheck = (value: string, max: number) =>
  !trimmed(value) ? 'required' : value.length > max ? 'tooLong' : null;

export const recoveryFormRoutes: FastifyPluginAsyncTypebox<RecoveryFormOptions> = async (
  app,
  { recovery, throttle, page },
) => {
  /** The screen at a step, or again with what went wrong (a refusal of the service's own: load, an outage). */
  const answer = async (reply: FastifyReply, request: FastifyRequest, posted: PostedForm, status = 200) =>
    page(request, reply, SCREEN, posted, status);
  const failed = (request: FastifyRequest, reply: FastifyReply, values: Record<string, string>, error: unknown) => {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return answer(reply, request, { values, failure: refusal.failure }, refusal.status);
  };

  /** Step 1: the user's question (a decoy for an unknown user ID), shown at step 2. */
  const ask = async (request: FastifyRequest, reply: FastifyReply, body: Body, cobrandName?: string) => {
    const typed = body.userId ?? '';
    const check = fieldCheck(typed, MAX_USER_ID_LENGTH);
    if (check) return answer(reply, request, { values: { userId: typed }, fields: { userId: check } }, 400);
    const userId = trimmed(typed);
    const where = { locale: request.cookies[LOCALE_COOKIE], cobrandName };
    try {
      const question = await recovery.question(userId, where, originOf(request));
      return answer(reply, request, { values: { step: 'question', userId, ...question } });
    } catch (error) {
      return failed(request, reply, { userId: typed }, error);
    }
  };

  /** Step 2: the answer, which sends a temporary password by mail when it is right; step 3 says a mail may come. */
  const send = async (request: FastifyRequest, reply: FastifyReply, body: Body) => {
    const step = { step: 'question', userId: body.userId ?? '', questionId: body.questionId ?? '' };
    const values = { ...step, questionText: body.questionText ?? '' };
    const check = fieldCheck(body.answer ?? '', MAX_ANSWER_LENGTH);
    if (check) return answer(reply, request, { values, fields: { answer: check } }, 400);
    const asked = { ...step, answer: body.answer!, locale: request.cookies[LOCALE_COOKIE] };
    try {
      await ifAdmitted(() => recovery.requestTemporaryPassword(asked, originOf(request)));
      return answer(reply, request, { values: { step: 'sent' } });
    } catch (error) {
      return failed(request, reply, values, error);
    }
  };

  const post = {
    screen: SCREEN,
    operationId: 'forgotPasswordForm',
    summary: 'Forgotten password from the form without the script: the question, then the answer',
    querystring: RecoveryQuerySchema,
    body: RecoveryFormSchema,
    answers: { 200: SCREEN_AGAIN },
    throttle,
    audit: ['recovery.asked', 'recovery.mailed', 'recovery.failure'],
  } as const;
  screenPost(app, post, async (request, reply) =>
    request.body.questionId
      ? send(request, reply, request.body)
      : ask(request, reply, request.body, request.query.cobrandHost),
  );
};
