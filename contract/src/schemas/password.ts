import { Type, type Static } from 'typebox';
import { MAX_PASSWORD_LENGTH } from '../constants.js';
import { SecretSchema, UserIdSchema } from './common.js';

const LocaleField = Type.Optional(Type.String({ maxLength: 8 }));
const QuestionId = Type.String({ minLength: 1, maxLength: 64 });
/** Answers as typed; compared after normalising. */
const Answer = Type.String({ minLength: 1, maxLength: 128 });

/** §7: "the user id as JSON"; §3 adds the locale. A bare JSON string is accepted too. */
export const SecurityQuestionRequestSchema = Type.Union([
  UserIdSchema,
  /** The page's cobrand, whose own questions may carry translations (`securityQuestions` in its catalogue record). */
  Type.Object({
    userId: UserIdSchema,
    locale: LocaleField,
    cobrandName: Type.Optional(Type.String({ maxLength: 64 })),
  }),
]);
export const SecurityQuestionSchema = Type.Object({ questionId: Type.String(), questionText: Type.String() });

/** §3 temporary password request. */
export const TemporaryPasswordRequestSchema = Type.Object({
  userId: UserIdSchema,
  locale: LocaleField,
  cobrandName: Type.Optional(Type.String({ maxLength: 64 })),
  securityQuestionSTO: Type.Object({
    questionId: QuestionId,
    questionText: Type.Optional(Type.String({ maxLength: 255 })),
    questionResponse: Answer,
  }),
});
export type TemporaryPasswordRequest = Static<typeof TemporaryPasswordRequestSchema>;

/** §3 forgot-password request. */
export const ForgotPasswordRequestSchema = Type.Object({
  userId: UserIdSchema,
  locale: LocaleField,
  securityQuestion: Type.Object({ questionId: QuestionId, questionResponse: Answer }),
});

/** §3 password change request; the new password may be longer than the policy allows, so the policy can say so. */
export const ChangePasswordRequestSchema = Type.Object({
  userId: UserIdSchema,
  oldCredential: SecretSchema,
  newCredential: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
  /** Forget every trusted device of the account but this browser (the user said yes to the question). */
  forgetOtherDevices: Type.Optional(Type.Boolean()),
});
export type ChangePasswordRequest = Static<typeof ChangePasswordRequestSchema>;

export const ChangePasswordServiceUrlsSchema = Type.Object({
  cancelPasswordReset: Type.String(),
  passwordResetProfile: Type.String(),
});
