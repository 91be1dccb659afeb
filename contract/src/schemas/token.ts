import { Type } from 'typebox';

export const TokenUserInformationQuerySchema = Type.Object({
  action: Type.Union([Type.Literal('newpin'), Type.Literal('nexttoken')]),
});
export const TokenUserInformationSchema = Type.Object({
  shouldAccess: Type.Boolean(),
  ldapId: Type.String(),
  b2BAlias: Type.String(),
  forwardFormEndpoint: Type.String(),
});
export const TokenPinParamsSchema = Type.Object({ ldapId: Type.String({ minLength: 1, maxLength: 64 }) });
/** §3 new-PIN body. The PIN rules are checked by the service, so that a bad PIN gets §8's "Invalid PIN" answer. */
export const NewPinBodySchema = Type.Object({ newPin: Type.String({ minLength: 1, maxLength: 16 }) });
