/**
 * The cobrand record of §3, as the catalogue holds it, the service answers it and the web app reads it. The record's
 * types are the static types of its TypeBox schemas (schemas/cobrand.ts), so a setting is declared once, there; the two
 * lists below are values the schemas are built from. Only types come from the schemas (`import type`): the web app
 * reads these types and must not ship the schema library (the sign-in page's script is at its size budget).
 */
import type { Static } from 'typebox';
import type {
  CobrandEntrySchema,
  CobrandFooterSchema,
  CobrandLocalesSchema,
  CobrandRecordSchema,
  CobrandSchema,
  FooterLinkSchema,
  FooterVariantSchema,
  StylesheetLookupSchema,
} from './schemas/cobrand.js';
import type { CobrandTextField } from './cobrand-fields.js';

export { COBRAND_TEXT_FIELDS, type CobrandTextField, FOOTER_LINK_KEYS, type FooterLinkKey } from './cobrand-fields.js';
/**
 * One language's texts of a cobrand: every field its first language has a value for. Named from the list rather than
 * from CobrandTextsSchema, whose properties are mapped from the list at run time and so have no field names in its
 * static type.
 */
export type CobrandTexts = Partial<Record<CobrandTextField, string>>;

/** The footer's arrangement, as a variant names it. */
export type FooterLayout = FooterVariant['layout'];

/**
 * One of the footer variants of §2 (`data/footers/<id>.json`): which of the cobrand's links show and in what order,
 * and which of its optional parts. The texts and addresses are the cobrand's own (§3); images are shared assets.
 */
export type FooterVariant = Static<typeof FooterVariantSchema>;

/** A cobrand as the catalogue holds it (`data/cobrands/<id>/cobrand.json`, key `cobrand`). */
export type CobrandEntry = Static<typeof CobrandEntrySchema>;

/**
 * A cobrand's passkey policy: `off`, `offered` (password users sign in with one on its own), `second-factor` (token
 * users too, instead of PIN + tokencode). Absent from a record, it is `off`.
 */
export type PasskeyPolicy = NonNullable<CobrandEntry['passkeys']>;

/** A cobrand's recovery-code policy: `off`, or `offered` (its token users may keep ten single-use codes). */
export type RecoveryCodePolicy = NonNullable<CobrandEntry['recoveryCodes']>;

export type FooterLink = Static<typeof FooterLinkSchema>;

/**
 * The footer as the page shows it, resolved by the service from the variant and the cobrand's texts: links in the
 * variant's order with the context prefix already applied, and only the parts the variant shows.
 */
export type CobrandFooter = Static<typeof CobrandFooterSchema>;

/** A footer image, the name of what it shows (for its alt text) and its size (so nothing moves when it arrives). */
export type FooterLogo = Omit<NonNullable<CobrandFooter['poweredBy']>, 'text'>;

/** The public record `GET /sdportal/rest/cobrand/{name}` answers: §3's fields plus the resolved footer. */
export type Cobrand = Static<typeof CobrandSchema>;

/** A catalogue record (`data/cobrands/<id>/cobrand.json`): the cobrand plus what only the service reads. */
export type CobrandRecord = Static<typeof CobrandRecordSchema>;

export type CobrandLocales = Static<typeof CobrandLocalesSchema>;

export type StylesheetLookup = Static<typeof StylesheetLookupSchema>;
