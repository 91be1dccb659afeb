/** The admin API's bodies and answers (TypeBox: they validate the calls and write /admin/openapi.json). */
import {
  ApiErrorBodySchema,
  CobrandNameSchema,
  NO_CONTROL_CHARACTERS,
  SignInMethodSchema,
  UserIdSchema,
} from '@portal/contract/schemas';
import { Type, type Static } from 'typebox';

export const Time = Type.String({ format: 'date-time' });
export const Text = (maxLength: number, more: { description?: string } = {}) =>
  Type.String({ minLength: 1, maxLength, pattern: NO_CONTROL_CHARACTERS, ...more });

export const UserSchema = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  cobrand: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('locked'), Type.Literal('inactive')]),
  loginType: Type.Union([Type.Literal('password'), Type.Literal('token')]),
  passwordState: Type.Union([Type.Literal('current'), Type.Literal('expired'), Type.Literal('temporary')]),
  securityQuestion: Type.Union([Type.String(), Type.Null()]),
  failedAttempts: Type.Integer(),
  lockedAt: Type.Union([Time, Type.Null()]),
  lastSignInAt: Type.Union([Time, Type.Null()]),
  createdAt: Time,
  updatedAt: Time,
  /** The provisioning client's own ID of the user (SCIM `externalId`). */
  externalId: Type.Union([Type.String(), Type.Null()]),
  /** When provisioning deleted the user (SCIM DELETE): inactive, and unknown to SCIM; `reactivate` restores them. */
  deletedAt: Type.Union([Time, Type.Null()]),
});
export type UserView = Static<typeof UserSchema>;

export const SignInProblemSchema = Type.Object({
  code: Type.Union(
    [
      'deleted',
      'inactive',
      'locked',
      'password.expired',
      'password.breached',
      'password.temporary',
      'password.temporary.expired',
      'password.reset.sent',
      'token.new.pin',
      'device.locked',
      'sso.only',
      'mail.failed',
    ].map((code) => Type.Literal(code)),
    { description: "What stands in the way; the console says it in the operator's language" },
  ),
  since: Type.Union([Time, Type.Null()]),
  until: Type.Union([Time, Type.Null()], { description: 'When it ends by itself (a temporary password, a mail)' }),
  fix: Type.Union([Type.Literal('unlock'), Type.Literal('reactivate'), Type.Literal('reset-password'), Type.Null()], {
    description: "The operation that clears it; null where the user's own next sign-in does",
  }),
  detail: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
});
export type SignInProblem = Static<typeof SignInProblemSchema>;
export const SignInProblemsSchema = Type.Object({ userId: Type.String(), problems: Type.Array(SignInProblemSchema) });

export const SignInMethodsSchema = Type.Object({
  userId: Type.String(),
  loginType: Type.Union([Type.Literal('password'), Type.Literal('token')]),
  token: Type.Union(
    [
      Type.Object({
        heldBy: Type.Union([Type.Literal('portal'), Type.Literal('server')], {
          description: "The portal's own token, or the bank's token server (RADIUS)",
        }),
        newPin: Type.Union([Type.Boolean(), Type.Null()], {
          description: "Waits for the user to set a new PIN at their next sign-in; null at the bank's token server",
        }),
      }),
      Type.Null(),
    ],
    { description: 'null: no token' },
  ),
  passkeys: Type.Integer({ minimum: 0 }),
  recoveryCodesLeft: Type.Integer({ minimum: 0 }),
  singleSignOn: Type.Union([Type.Object({ subjects: Type.Array(Type.String()) }), Type.Null()], {
    description: "The subjects at the cobrand's identity provider linked to the user; null: the cobrand has none",
  }),
});
export type SignInMethods = Static<typeof SignInMethodsSchema>;

export const SignInTrySchema = Type.Object({
  at: Time,
  success: Type.Boolean(),
  method: {
    ...SignInMethodSchema,
    description: "The step or method tried, as the user's security page names it; null: not recorded",
  },
  reason: Type.Union([Type.String(), Type.Null()], {
    description: "Why a failed try was refused, as the audit recorded it ('credentials', 'locked', 'device locked', …)",
  }),
  device: Type.Union([Type.Literal('trusted'), Type.Literal('unknown'), Type.Null()], {
    description: 'Whether the try came from a browser the user had made trusted; null: not recorded',
  }),
  browser: Type.Union([Type.String(), Type.Null()]),
  os: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
});
export type SignInTry = Static<typeof SignInTrySchema>;
export const SignInTriesSchema = Type.Object({ userId: Type.String(), signIns: Type.Array(SignInTrySchema) });

export const NewUserSchema = Type.Object(
  {
    userId: UserIdSchema,
    email: Text(254),
    cobrand: CobrandNameSchema,
    name: Type.Optional(Text(200)),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    passwordHash: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1024,
        description: [
          'In place of `password`, never with it: the hash the old directory holds (PHC argon2, scrypt,',
          'pbkdf2-sha256 or -sha512; bcrypt $2a$, $2b$, $2y$; {SSHA}, {SSHA256}, {SSHA512}, {PBKDF2-SHA256}).',
          'Its cost is held to about twice the portal\'s argon2id (docs/decisions.md, "Imported password hashes"), and',
          'a cobrand holds at most four cost classes: above either, 400 naming the limit.',
          'The first right password re-hashes it to argon2id.',
        ].join(' '),
      }),
    ),
  },
  { additionalProperties: false },
);

/** A new user as the operations take it: the API's body, or SCIM's, which also gives the client's own ID of the user. */
export type NewUserInput = Static<typeof NewUserSchema> & {
  /** The provisioning client's own ID of the user (SCIM `externalId`). */
  externalId?: string | undefined;
};

export const CreatedUserSchema = Type.Object({
  user: UserSchema,
  temporaryPassword: Type.Union([Type.String(), Type.Null()], {
    description: 'Without a password in the call: the temporary password, shown this once; it opens one sign-in.',
  }),
});

export const TemporaryPasswordMailedSchema = Type.Object({
  userId: Type.String(),
  expiresAt: Type.String({ format: 'date-time', description: 'When the mailed password stops working' }),
});

export const UserChangeSchema = Type.Object(
  { name: Type.Optional(Text(200)), email: Type.Optional(Text(254)) },
  { additionalProperties: false, minProperties: 1 },
);
/** A change to a user as the operations take it: the API's body, or SCIM's, which may also set or clear `externalId`. */
export type UserChange = Static<typeof UserChangeSchema> & { externalId?: string | null };

export const QuestionSchema = Type.Object(
  { question: Text(255), answer: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type QuestionInput = Static<typeof QuestionSchema>;

export const UserListQuerySchema = Type.Object(
  {
    cobrand: Type.Optional(CobrandNameSchema),
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('locked'), Type.Literal('inactive')])),
    loginType: Type.Optional(Type.Union([Type.Literal('password'), Type.Literal('token')])),
    email: Type.Optional(Text(254)),
    name: Type.Optional(
      Text(200, {
        description: 'The start of the name, in any case, with or without accents; the page is in name order',
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
    cursor: Type.Optional(Text(200)),
  },
  { additionalProperties: false },
);

/** The list's query as the operation takes it: the route settles the limit (50 when the call gives none). */
export type UserFilter = Omit<Static<typeof UserListQuerySchema>, 'limit'> & { limit: number };

export const UserListSchema = Type.Object({
  users: Type.Array(UserSchema),
  next: Type.Union([Type.String(), Type.Null()], { description: 'The cursor of the next page; null on the last' }),
});

export const UserParamsSchema = Type.Object({ userId: UserIdSchema });

export const DeactivatedSchema = Type.Object({ user: UserSchema, sessionsEnded: Type.Integer() });

export const TokenAssignedSchema = Type.Object({
  otpauthUri: Type.String({ description: 'Load it into an authenticator app; shown this once' }),
});

export const SsoLinkSchema = Type.Object({ cobrand: Type.String(), subject: Type.String(), linkedAt: Time });
export type SsoLinkView = Static<typeof SsoLinkSchema>;
export const SsoLinksSchema = Type.Object({ links: Type.Array(SsoLinkSchema) });
export const NewSsoLinkSchema = Type.Object({ subject: Text(255) }, { additionalProperties: false });

export const SessionSchema = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  cobrand: Type.String(),
  singleSignOn: Type.Boolean(),
  createdAt: Time,
  lastSeenAt: Time,
  idleExpiresAt: Time,
  absoluteExpiresAt: Time,
});
export type SessionView = Static<typeof SessionSchema>;
export const SessionsSchema = Type.Object({ sessions: Type.Array(SessionSchema) });
export const SessionParamsSchema = Type.Object({ userId: UserIdSchema, sessionId: Text(128) });
export const EndedSchema = Type.Object({ sessionsEnded: Type.Integer() });

export const PasskeySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Time,
  lastUsedAt: Type.Union([Time, Type.Null()], { description: 'The last sign-in with it; null: never used' }),
  backedUp: Type.Boolean({ description: "The authenticator's backup state: synced to the user's other devices" }),
});
export type PasskeyView = Static<typeof PasskeySchema>;
export const PasskeysSchema = Type.Object({ passkeys: Type.Array(PasskeySchema) });
export const PasskeyParamsSchema = Type.Object({ userId: UserIdSchema, passkeyId: Text(128) });

export const TrustedDeviceSchema = Type.Object({
  id: Type.String(),
  browser: Type.Union([Type.String(), Type.Null()], { description: 'As its user agent named it at its first sign-in' }),
  os: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()], { description: 'The approximate address of its first sign-in' }),
  createdAt: Time,
  lastUsedAt: Time,
  locked: Type.Boolean({ description: 'Locked after six wrong tries from it (an unlock of the user clears it)' }),
});
export type TrustedDeviceView = Static<typeof TrustedDeviceSchema>;
export const TrustedDevicesSchema = Type.Object({ devices: Type.Array(TrustedDeviceSchema) });
export const TrustedDeviceParamsSchema = Type.Object({ userId: UserIdSchema, deviceId: Text(128) });

/** What selects events: the window (the last 24 hours unless `since`), a user, a kind, who made the change. */
const AUDIT_FILTER = {
  since: Type.Optional(Time),
  until: Type.Optional(Time),
  userId: Type.Optional(UserIdSchema),
  kind: Type.Optional(Text(64)),
  /** Who made the change: `operator:<name>`, `api:<key>`, `cli:<login>`. */
  actor: Type.Optional(Text(200)),
};
export const AuditQuerySchema = Type.Object(
  {
    ...AUDIT_FILTER,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
    cursor: Type.Optional(Text(200)),
  },
  { additionalProperties: false },
);
export const AuditExportQuerySchema = Type.Object(
  { ...AUDIT_FILTER, format: Type.Optional(Type.Union([Type.Literal('jsonl'), Type.Literal('csv')])) },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuerySchema>;

export const AuditEventSchema = Type.Object({
  id: Type.String(),
  at: Time,
  kind: Type.String(),
  userId: Type.Union([Type.String(), Type.Null()]),
  detail: Type.Record(Type.String(), Type.Unknown()),
  address: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  actor: Type.Union([Type.String(), Type.Null()]),
});
export type AuditEventView = Static<typeof AuditEventSchema>;
export const AuditPageSchema = Type.Object({
  events: Type.Array(AuditEventSchema),
  next: Type.Union([Type.String(), Type.Null()], {
    description:
      'The cursor of the next page; null on the last. A page looks at a bounded number of events, so with a filter ' +
      'few events match it may hold fewer than the limit, even none: follow next until it is null',
  }),
});

export const CobrandSummarySchema = Type.Object({ name: Type.String(), abbreviation: Type.String() });
export type CobrandSummary = Static<typeof CobrandSummarySchema>;
export const CobrandsSchema = Type.Object({ cobrands: Type.Array(CobrandSummarySchema) });
export const CobrandParamsSchema = Type.Object({ name: CobrandNameSchema });
export const CobrandRecordAnswer = Type.Object(
  {},
  { additionalProperties: true, description: "The cobrand's catalogue record, as its cobrand.json holds it" },
);
export const ImportedSchema = Type.Object({ imported: Type.Array(Type.String()) });

export const ErrorAnswer = (description: string) => ({ ...ApiErrorBodySchema, description });
