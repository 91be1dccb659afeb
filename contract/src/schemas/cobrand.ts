import { Type, type TSchema } from 'typebox';
import { COBRAND_TEXT_FIELDS, FOOTER_LINK_KEYS } from '../cobrand-fields.js';
import { CobrandNameSchema } from './common.js';

const NullableString = Type.Union([Type.String(), Type.Null()]);
const Text = (maxLength: number) => Type.Union([Type.String({ minLength: 1, maxLength }), Type.Null()]);
const Url = Type.Union([Type.String({ minLength: 1, maxLength: 2048 }), Type.Null()]);
// Spelled out so the static types stay literal unions (a mapped array would type as never).
const FooterLinkKeySchema = Type.Union([
  Type.Literal('privacyPolicy'),
  Type.Literal('termsOfUse'),
  Type.Literal('cookieNotice'),
  Type.Literal('security'),
  Type.Literal('accessibility'),
  Type.Literal('managerWebsite'),
  Type.Literal('groupWebsite'),
  Type.Literal('disclaimer'),
]) satisfies TSchema & { anyOf: { const: (typeof FOOTER_LINK_KEYS)[number] }[] };
const FooterLayoutSchema = Type.Union([Type.Literal('inline'), Type.Literal('stacked'), Type.Literal('columns')]);
/** A footer variant id, also its file name: `data/footers/<id>.json`. */
export const FooterVariantIdSchema = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9][a-z0-9-]*$' });
/** A footer image: a file name in `data/footers/assets/`. */
const FooterAssetSchema = Type.Union([Type.String({ pattern: '^[a-z0-9][a-z0-9._-]*\\.(png|jpg|gif)$' }), Type.Null()]);

export const FooterVariantSchema = Type.Object(
  {
    layout: FooterLayoutSchema,
    links: Type.Array(FooterLinkKeySchema, { maxItems: FOOTER_LINK_KEYS.length, uniqueItems: true }),
    showFooterMessage: Type.Boolean(),
    /** Shown beside the cobrand's authorization warning; null: no warning. */
    authorizationWarningLogo: FooterAssetSchema,
    /** Shown with the cobrand's powered-by line; null: no powered-by line. */
    poweredByLogo: FooterAssetSchema,
    /** §2: three variants put the portal context path before the cookie-notice link. */
    cookieNoticeContextPrefix: Type.Boolean(),
  },
  { additionalProperties: false },
);

/** What each footer image shows, for its alt text (`data/footers/assets/assets.json`, also the drawing spec). */
export const FooterAssetsSchema = Type.Record(
  Type.String(),
  Type.Object({ name: Type.String({ minLength: 1, maxLength: 80 }) }),
);

/** §3's cobrand fields as the catalogue holds them; link texts and URLs come in pairs. */
export const CobrandEntrySchema = Type.Object(
  {
    name: CobrandNameSchema,
    abbreviation: Type.String({ minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9]+$' }),
    signInToLabel: Type.String({ minLength: 1, maxLength: 120 }),
    appName: Type.String({ minLength: 1, maxLength: 120 }),
    fssoRedirectUrl: NullableString,
    fssoLogoutUrl: NullableString,
    companySelfRegisterSupported: Type.Boolean(),
    prospectiveAccountApplicationSupported: Type.Boolean(),
    warningMessage: NullableString,
    /** A special label for the sign-in button (§2: one cobrand has one); null uses the translated 'Sign in'. */
    signInButtonLabel: NullableString,
    copyrightMessage: Text(300),
    privacyPolicy: Text(120),
    privacyPolicyUrl: Url,
    termsOfUse: Text(120),
    termsOfUseUrl: Url,
    cookieNotice: Text(120),
    cookieNoticeUrl: Url,
    security: Text(120),
    securityUrl: Url,
    accessibility: Text(120),
    accessibilityUrl: Url,
    footerMessage: Text(500),
    authorizationWarning: Text(500),
    managerWebsite: Text(120),
    managerWebsiteUrl: Url,
    groupWebsite: Text(120),
    groupWebsiteUrl: Url,
    disclaimer: Text(120),
    disclaimerUrl: Url,
    poweredBy: Text(120),
    /** The id of the footer variant in `data/footers/`. */
    footerVariant: FooterVariantIdSchema,
    /**
     * Passkeys (docs/decisions.md): `off` (the default when absent) keeps the cobrand as it was; `offered` lets password
     * users sign in with one; `second-factor` also lets token users sign in with one instead of PIN + tokencode.
     */
    passkeys: Type.Optional(Type.Union([Type.Literal('off'), Type.Literal('offered'), Type.Literal('second-factor')])),
    /**
     * Recovery codes (docs/decisions.md): `off` (the default when absent) keeps the cobrand as it was; `offered` lets
     * its users with a second step (a PIN and the portal's token) keep ten single-use codes for when the token is lost.
     */
    recoveryCodes: Type.Optional(Type.Union([Type.Literal('off'), Type.Literal('offered')])),
  },
  { additionalProperties: false },
);

export const FooterLinkSchema = Type.Object(
  {
    key: FooterLinkKeySchema,
    text: Type.String({ minLength: 1 }),
    url: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);

const FooterLogoPartSchema = Type.Union([
  Type.Object(
    {
      text: Type.String(),
      logoUrl: Type.String(),
      logoName: Type.String(),
      /** The image's own size, which the page gives it so nothing moves when it arrives. */
      logoWidth: Type.Optional(Type.Integer({ minimum: 1 })),
      logoHeight: Type.Optional(Type.Integer({ minimum: 1 })),
    },
    { additionalProperties: false },
  ),
  Type.Null(),
]);

export const CobrandFooterSchema = Type.Object(
  {
    layout: FooterLayoutSchema,
    links: Type.Array(FooterLinkSchema),
    copyrightMessage: NullableString,
    footerMessage: NullableString,
    authorizationWarning: FooterLogoPartSchema,
    poweredBy: FooterLogoPartSchema,
  },
  { additionalProperties: false },
);

/** The public record: §3's fields and the footer the service resolved from the variant. */
export const CobrandSchema = Type.Object(
  {
    ...CobrandEntrySchema.properties,
    footer: CobrandFooterSchema,
  },
  { additionalProperties: false },
);

/** One language's texts of a cobrand (`translations` of a catalogue record). */
export const CobrandTextsSchema = Type.Object(
  Object.fromEntries(
    COBRAND_TEXT_FIELDS.map((field) => [field, Type.Optional(Type.String({ minLength: 1, maxLength: 500 }))]),
  ),
  { additionalProperties: false },
);

/** The name of an environment variable that holds a secret: secrets never live in the catalogue files. */
const EnvName = Type.String({ pattern: '^[A-Z][A-Z0-9_]{0,99}$' });
const ProviderUrl = Type.String({ pattern: '^https?://[^/?#]+(/[^?#]*)?$', maxLength: 500 });

/** A bank's OpenID provider: authorization code flow with PKCE, `private_key_jwt` when a key is named. */
export const OidcProviderSchema = Type.Object(
  {
    protocol: Type.Literal('oidc'),
    issuer: ProviderUrl,
    clientId: Type.String({ minLength: 1, maxLength: 200 }),
    /** Holds the client secret (client_secret_basic). */
    clientSecretEnv: Type.Optional(EnvName),
    /** Holds a PEM private key (private_key_jwt) instead of a secret. */
    privateKeyEnv: Type.Optional(EnvName),
    scopes: Type.String({ pattern: '(^| )openid( |$)', maxLength: 200 }),
    /** The ID token claim that names the user at the provider (the subject linked to a portal user). */
    userClaim: Type.String({ minLength: 1, maxLength: 100 }),
    /**
     * How the portal proves itself at the token endpoint. Default: `private_key_jwt` with `privateKeyEnv`, else
     * `client_secret_basic`; `client_secret_post` for providers that do not decode the Basic credentials (RFC 6749 §2.3.1).
     */
    tokenEndpointAuth: Type.Optional(
      Type.Union([
        Type.Literal('client_secret_basic'),
        Type.Literal('client_secret_post'),
        Type.Literal('private_key_jwt'),
      ]),
    ),
  },
  { additionalProperties: false },
);

/**
 * A bank's SAML 2.0 identity provider: signed AuthnRequest by HTTP-Redirect, response by HTTP-POST. The provider's
 * entity ID, addresses and certificates come from the record, from its metadata, or both.
 */
export const SamlProviderSchema = Type.Object(
  {
    protocol: Type.Literal('saml'),
    /** The provider's metadata, read at start and refreshed: an https address, or a file on the portal's machine. */
    idpMetadataUrl: Type.Optional(ProviderUrl),
    idpMetadataFile: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    /** Each of these four, where given, wins over the metadata's; without metadata the first three are required. */
    idpEntityId: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    ssoUrl: Type.Optional(ProviderUrl),
    /** Single logout at the provider, where it offers it. */
    sloUrl: Type.Optional(ProviderUrl),
    /** Holds the provider's signing certificates (PEM; several during a rollover). */
    idpCertificateEnv: Type.Optional(EnvName),
    /** Holds the portal's private key (PEM) that signs the AuthnRequest. */
    spPrivateKeyEnv: EnvName,
    /** Holds the certificate (PEM) of that key, which the portal's SP metadata publishes. */
    spCertificateEnv: Type.Optional(EnvName),
    /** `nameID`, or the attribute that names the user. */
    userAttribute: Type.String({ minLength: 1, maxLength: 200 }),
    /**
     * With `userAttribute: "nameID"`, the NameID format the AuthnRequest asks for: `persistent` by default (a
     * provider whose default is transient then sends one that can be linked), or the one the provider is set to make.
     */
    nameIdFormat: Type.Optional(
      Type.Union([Type.Literal('persistent'), Type.Literal('emailAddress'), Type.Literal('unspecified')]),
    ),
    /**
     * Which parts the provider must sign: `either` (the default) takes a signed Response or a signed Assertion, as
     * Shibboleth and ADFS/Entra ID sign by default; `both` requires both signed.
     */
    signatures: Type.Optional(Type.Union([Type.Literal('either'), Type.Literal('both')])),
    /** Takes signatures and digests made with SHA-1, which are refused otherwise. */
    allowSha1: Type.Optional(Type.Boolean()),
    /** Holds the portal's private key (PEM) that decrypts encrypted assertions (RSA-OAEP, then AES-GCM or AES-CBC). */
    spDecryptionKeyEnv: Type.Optional(EnvName),
    /**
     * IdP-initiated sign-on (a tile in the bank's portal posts an answer nobody asked for): off unless true. On, such an
     * answer is taken once, within minutes of being issued, for this portal's address only (docs/decisions.md).
     */
    idpInitiated: Type.Optional(Type.Boolean()),
    /** Holds the certificate (PEM) of that key, which the SP metadata publishes for encryption. */
    spEncryptionCertificateEnv: Type.Optional(EnvName),
  },
  { additionalProperties: false },
);

export const IdentityProviderSchema = Type.Union([OidcProviderSchema, SamlProviderSchema]);

/** `host:port[,host:port]`: a bank's RADIUS servers, tried in order (the second for failover). */
export const RADIUS_SERVERS_PATTERN = '^[A-Za-z0-9.:\\[\\]-]+:[0-9]{1,5}(,[A-Za-z0-9.:\\[\\]-]+:[0-9]{1,5})?$';

/**
 * Where a cobrand's token users' PIN and tokencode are checked: the portal's own tokens (`builtin`), or the bank's
 * token server over RADIUS (RFC 2865). Without it a cobrand uses the deployment's back end (TOKEN_BACKEND).
 */
export const TokenServerSchema = Type.Union([
  Type.Object({ protocol: Type.Literal('builtin') }, { additionalProperties: false }),
  Type.Object(
    {
      protocol: Type.Literal('radius'),
      servers: Type.String({ pattern: RADIUS_SERVERS_PATTERN, maxLength: 300 }),
      /** Holds the RADIUS shared secret. */
      secretEnv: EnvName,
      timeoutMs: Type.Optional(Type.Integer({ minimum: 100, maximum: 30_000 })),
      retries: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
    },
    { additionalProperties: false },
  ),
]);

/**
 * Where a bank that differs from the deployment takes its cobrand's security events: a Standard Webhooks endpoint of
 * its own (besides the deployment's SIEM_WEBHOOK_URL and SIEM_SYSLOG_URL, which get every cobrand's events).
 */
export const SecurityEventsSchema = Type.Object(
  {
    webhookUrl: ProviderUrl,
    /** Holds the endpoint's signing secret (`whsec_` and base64, as Standard Webhooks prints them). */
    secretEnv: EnvName,
  },
  { additionalProperties: false },
);

/** A catalogue record (`data/cobrands/<id>/cobrand.json`): the cobrand plus what only the service reads. */
export const CobrandRecordSchema = Type.Object(
  {
    cobrand: CobrandEntrySchema,
    /** Offered languages, first is the default (§4), as locale code → display name in its own language. */
    locales: Type.Record(Type.String(), Type.String()),
    /** The texts in each offered language but the first, by locale (the texts of `cobrand` are in the first). */
    translations: Type.Optional(Type.Record(Type.String(), CobrandTextsSchema)),
    /** Origins that redirects (dest, referral_path, platform home, SSO and logout addresses) may lead to. */
    allowedOrigins: Type.Array(Type.String({ pattern: '^https?://[^/]+$' })),
    /**
     * The bank's other host names at which the portal is served and offers its passkeys (WebAuthn related origins,
     * `https://host`): published at /.well-known/webauthn on the public origin, whose host stays the relying party.
     */
    relatedOrigins: Type.Optional(
      Type.Array(Type.String({ pattern: '^https://[^/:]+(:[0-9]{1,5})?$' }), { maxItems: 20 }),
    ),
    /** Where a signed-in user goes; null means the built-in signed-in page. */
    platformHomeUrl: NullableString,
    /** The bank's identity provider, for a cobrand whose users sign in there (its fssoRedirectUrl starts it). */
    identityProvider: Type.Optional(IdentityProviderSchema),
    /** The bank's token server, where it is not the deployment's (TOKEN_BACKEND). */
    tokenServer: Type.Optional(TokenServerSchema),
    /** The bank's own SIEM endpoint for this cobrand's security events. */
    securityEvents: Type.Optional(SecurityEventsSchema),
    /**
     * The mails of device trust (docs/decisions.md, "Device trust"), each on unless set false: `lock` when sign-in
     * from unknown devices locks, `newDevice` on a sign-in from a browser the account had not signed in from.
     */
    deviceMails: Type.Optional(
      Type.Object(
        { lock: Type.Optional(Type.Boolean()), newDevice: Type.Optional(Type.Boolean()) },
        { additionalProperties: false },
      ),
    ),
    /**
     * New-device verification (docs/decisions.md): `email` (the default) asks a password sign-in from a browser the
     * account has not trusted for a code mailed to the account's address; `off` does not. Single sign-on does not use it.
     */
    newDeviceVerification: Type.Optional(Type.Union([Type.Literal('email'), Type.Literal('off')])),
    /** The bank's own security questions in its other languages: the question as set, then locale → its wording. */
    securityQuestions: Type.Optional(
      Type.Record(
        Type.String({ minLength: 1, maxLength: 255 }),
        Type.Record(Type.String(), Type.String({ minLength: 1, maxLength: 255 })),
      ),
    ),
  },
  { additionalProperties: false },
);

export const CobrandParamsSchema = Type.Object({ name: CobrandNameSchema });
export const CobrandLocalesSchema = Type.Record(Type.String(), Type.String());
export const StylesheetLookupSchema = Type.Object({ url: NullableString });
