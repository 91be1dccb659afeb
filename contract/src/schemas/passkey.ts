import { type TSchema, Type } from 'typebox';

const Base64Url = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]*$' });

/** A credential as @simplewebauthn/browser hands it over; its parts are checked by the service's WebAuthn checks. */
const credential = <Response extends TSchema>(response: Response) =>
  Type.Object({
    id: Base64Url(1400),
    rawId: Base64Url(1400),
    type: Type.Literal('public-key'),
    response,
    clientExtensionResults: Type.Object({}),
    authenticatorAttachment: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')])),
  });

export const AuthenticationResponseSchema = credential(
  Type.Object({
    clientDataJSON: Base64Url(4096),
    authenticatorData: Base64Url(4096),
    signature: Base64Url(1024),
    userHandle: Type.Optional(Base64Url(128)),
  }),
);

export const RegistrationResponseSchema = credential(
  Type.Object({
    clientDataJSON: Base64Url(4096),
    attestationObject: Base64Url(8192),
    authenticatorData: Type.Optional(Base64Url(8192)),
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 8 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(Base64Url(2048)),
  }),
);

export const PasskeySignInBodySchema = Type.Object({ response: AuthenticationResponseSchema });
export const PasskeyNameSchema = Type.String({ minLength: 1, maxLength: 64 });
export const PasskeyRegistrationBodySchema = Type.Object({
  response: RegistrationResponseSchema,
  name: Type.Optional(PasskeyNameSchema),
});
export const PasskeyRenameBodySchema = Type.Object({ name: PasskeyNameSchema });
export const PasskeyParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) });

/** One of the user's passkeys as their page lists it (times in epoch milliseconds). */
export const PasskeySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.Number(),
  lastUsedAt: Type.Union([Type.Number(), Type.Null()]),
  /** A synced passkey (backed up by its provider). */
  backedUp: Type.Boolean(),
  /** When it was disabled because a copy of it was used (its counter went backwards); null: it signs in. */
  disabledAt: Type.Union([Type.Number(), Type.Null()]),
});
export const PasskeyListSchema = Type.Object({ passkeys: Type.Array(PasskeySchema) });
export const PasskeyOfferQuerySchema = Type.Object({ next: Type.Optional(Type.String({ maxLength: 2048 })) });
/** Whether to offer a passkey now, and the checked address to go on to either way. */
export const PasskeyOfferSchema = Type.Object({ offer: Type.Boolean(), next: Type.String() });
/** WebAuthn options as the browser's `startRegistration`/`startAuthentication` take them. */
export const PasskeyOptionsSchema = Type.Object({}, { additionalProperties: true });
