/** The admin API's bodies and answers for four eyes: a change one operator asks for and a second approves. */
import { Type, type Static } from 'typebox';
import { Text, Time } from './schemas.js';

const KindSchema = Type.Union([Type.Literal('email.change'), Type.Literal('factors.remove')], {
  description:
    "email.change: the user's e-mail address; factors.remove: every passkey, token, recovery code and trusted browser",
});

export const ApprovalSchema = Type.Object({
  id: Type.String(),
  kind: KindSchema,
  userId: Type.String(),
  cobrand: Type.String(),
  email: Type.Union([Type.String(), Type.Null()], { description: 'The new e-mail address of an email.change' }),
  reason: Type.String(),
  requestedBy: Type.String({ description: "The asking operator's name" }),
  requestedAt: Time,
  expiresAt: Time,
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.Union([Time, Type.Null()]),
  outcome: Type.Union([Type.Literal('approved'), Type.Literal('declined'), Type.Null()]),
});
export type ApprovalView = Static<typeof ApprovalSchema>;
export const ApprovalsSchema = Type.Object({ approvals: Type.Array(ApprovalSchema) });
export const ApprovalParamsSchema = Type.Object({ id: Text(40) });
export const ApprovalListQuerySchema = Type.Object(
  { userId: Type.Optional(Text(200)) },
  { additionalProperties: false },
);
export const NewApprovalSchema = Type.Object(
  { kind: KindSchema, email: Type.Optional(Text(254)) },
  { additionalProperties: false },
);
export type NewApprovalInput = Static<typeof NewApprovalSchema>;
