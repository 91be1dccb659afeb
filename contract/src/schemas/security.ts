import { Type } from 'typebox';

/** A device in bowser's names, null parts where the agent said nothing readable (`DeviceView`). */
export const DeviceSchema = Type.Object({
  browser: Type.Union([Type.String(), Type.Null()]),
  os: Type.Union([Type.String(), Type.Null()]),
});
const Address = Type.Union([Type.String(), Type.Null()]);

/** The step or method a sign-in try was made with, as the security page names it (`SignInMethodName`); null: not recorded. */
export const SignInMethodSchema = Type.Union([
  Type.Literal('password'),
  Type.Literal('token'),
  Type.Literal('sso'),
  Type.Literal('passkey'),
  Type.Literal('recoveryCode'),
  Type.Literal('verificationCode'),
  Type.Null(),
]);

/** A session's `id` on the security page: 32 hexadecimal digits. */
export const SessionHandleSchema = Type.String({ minLength: 32, maxLength: 32, pattern: '^[0-9a-f]{32}$' });

export const SessionListSchema = Type.Object({
  sessions: Type.Array(
    Type.Object({
      id: SessionHandleSchema,
      current: Type.Boolean(),
      device: DeviceSchema,
      address: Address,
      startedAt: Type.Number(),
      lastActiveAt: Type.Number(),
    }),
  ),
});

export const SignInListSchema = Type.Object({
  signIns: Type.Array(
    Type.Object({
      at: Type.Number(),
      success: Type.Boolean(),
      method: SignInMethodSchema,
      device: DeviceSchema,
      address: Address,
    }),
  ),
});

export const EndSessionBodySchema = Type.Object({ id: SessionHandleSchema }, { additionalProperties: false });
export const SessionsEndedSchema = Type.Object({ ended: Type.Number() });
