import { Type } from 'typebox';
import { FOOTER_LINK_KEYS } from '../cobrand.js';
import { CobrandNameSchema } from './common.js';

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const FooterLinkSchema = Type.Object({
  key: Type.Union(FOOTER_LINK_KEYS.map((k) => Type.Literal(k))),
  text: Type.String({ minLength: 1, maxLength: 200 }),
  url: Type.String({ minLength: 1, maxLength: 2048 }),
}, { additionalProperties: false });

export const CobrandFooterSchema = Type.Object({
  layout: Type.Union([Type.Literal('inline'), Type.Literal('stacked'), Type.Literal('columns'), Type.Literal('context-prefixed')]),
  links: Type.Array(FooterLinkSchema, { maxItems: 12 }),
  copyrightMessage: NullableString,
  footerMessage: NullableString,
  authorizationWarning: NullableString,
  poweredBy: NullableString,
}, { additionalProperties: false });

export const CobrandSchema = Type.Object({
  name: CobrandNameSchema,
  abbreviation: Type.String({ minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9]+$' }),
  signInToLabel: Type.String({ minLength: 1, maxLength: 120 }),
  appName: Type.String({ minLength: 1, maxLength: 120 }),
  fssoRedirectUrl: NullableString,
  fssoLogoutUrl: NullableString,
  companySelfRegisterSupported: Type.Boolean(),
  prospectiveAccountApplicationSupported: Type.Boolean(),
  warningMessage: NullableString,
  signInButtonLabel: NullableString,
  footer: CobrandFooterSchema,
}, { additionalProperties: false });

/** A catalogue record (`data/cobrands/<id>/cobrand.json`): the public record plus what only the service reads. */
export const CobrandRecordSchema = Type.Object({
  cobrand: CobrandSchema,
  /** Offered languages, first is the default (§4), as locale code → display name in its own language. */
  locales: Type.Record(Type.String(), Type.String()),
  /** Origins that redirects (dest, referral_path, platform home, SSO and logout addresses) may lead to. */
  allowedOrigins: Type.Array(Type.String({ pattern: '^https?://[^/]+$' })),
  /** Where a signed-in user goes; null means the built-in signed-in page. */
  platformHomeUrl: NullableString,
}, { additionalProperties: false });

export const CobrandParamsSchema = Type.Object({ name: CobrandNameSchema });
export const CobrandLocalesSchema = Type.Record(Type.String(), Type.String());
export const StylesheetLookupSchema = Type.Object({ url: NullableString });
