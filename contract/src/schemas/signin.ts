import { Type, type Static } from 'typebox';
import { NO_CONTROL_CHARACTERS, SecretSchema, UserIdSchema } from './common.js';

export const LoginInfoQuerySchema = Type.Object({ username: UserIdSchema }, { additionalProperties: false });
export type LoginInfoQuery = Static<typeof LoginInfoQuerySchema>;

export const LoginInfoSchema = Type.Object({
  ldapId: Type.String(),
  loginType: Type.Union([Type.Literal('password'), Type.Literal('token')]),
  b2BAlias: Type.String(),
});

/** §7 send-login, form-encoded. The next-token fields are used by the next-token screen. */
export const SendLoginBodySchema = Type.Object({
  username: UserIdSchema,
  'login-form-type': Type.Union([Type.Literal('password'), Type.Literal('token'), Type.Literal('next-token')]),
  password: SecretSchema,
  authn_attempt_id: Type.Optional(Type.String({ maxLength: 128, pattern: NO_CONTROL_CHARACTERS })),
  in_response_to: Type.Optional(Type.String({ maxLength: 128, pattern: NO_CONTROL_CHARACTERS })),
  referral_path: Type.Optional(Type.String({ maxLength: 2048, pattern: NO_CONTROL_CHARACTERS })),
  cobrandHost: Type.Optional(Type.String({ maxLength: 64 })),
});
export type SendLoginBody = Static<typeof SendLoginBodySchema>;

/** §7 loginSignin: the body is the user ID as a JSON string (an object `{ userId }` is accepted too). */
export const LoginSigninBodySchema = Type.Union([UserIdSchema, Type.Object({ userId: UserIdSchema })]);
export type LoginSigninBody = Static<typeof LoginSigninBodySchema>;

export const LoginSigninRecordSchema = Type.Object({ b2BAlias: Type.String() });

export const SessionViewSchema = Type.Object({
  userId: Type.String(),
  cobrand: Type.String(),
  locale: Type.String(),
  idleExpiresAt: Type.Number(),
  absoluteExpiresAt: Type.Number(),
  /** Whether the user may change a portal password: not where the bank's identity provider signs them in. */
  passwordChange: Type.Boolean(),
});
