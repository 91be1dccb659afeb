/** The cobrand record of §3, as the catalogue holds it, the service answers it and the web app reads it. */
export const FOOTER_LINK_KEYS = [
  'privacyPolicy',
  'termsOfUse',
  'cookieNotice',
  'security',
  'accessibility',
  'managerWebsite',
  'groupWebsite',
  'disclaimer',
] as const;
export type FooterLinkKey = (typeof FOOTER_LINK_KEYS)[number];

/**
 * The cobrand's fields that are written in a language. The catalogue holds them in the cobrand's first language and,
 * under `translations`, in each of its other languages; a page shows them in its own.
 */
export const COBRAND_TEXT_FIELDS = [
  'signInToLabel',
  'appName',
  'warningMessage',
  'signInButtonLabel',
  'copyrightMessage',
  'privacyPolicy',
  'termsOfUse',
  'cookieNotice',
  'security',
  'accessibility',
  'footerMessage',
  'authorizationWarning',
  'managerWebsite',
  'groupWebsite',
  'disclaimer',
  'poweredBy',
] as const;
export type CobrandTextField = (typeof COBRAND_TEXT_FIELDS)[number];
/** One language's texts of a cobrand: every field its first language has a value for. */
export type CobrandTexts = Partial<Record<CobrandTextField, string>>;

export const FOOTER_LAYOUTS = ['inline', 'stacked', 'columns'] as const;
export type FooterLayout = (typeof FOOTER_LAYOUTS)[number];

/**
 * One of the footer variants of §2 (`data/footers/<id>.json`): which of the cobrand's links show and in what order,
 * and which of its optional parts. The texts and addresses are the cobrand's own (§3); images are shared assets.
 */
export interface FooterVariant {
  layout: FooterLayout;
  links: FooterLinkKey[];
  showFooterMessage: boolean;
  /** A file in `data/footers/assets/` shown beside the cobrand's authorization warning; null: no warning. */
  authorizationWarningLogo: string | null;
  /** A file in `data/footers/assets/` shown with the cobrand's powered-by line; null: no powered-by line. */
  poweredByLogo: string | null;
  /** §2: three variants put the portal context path before the cookie-notice link. */
  cookieNoticeContextPrefix: boolean;
}

/** §3's footer texts and addresses: each link is a text and URL pair; null where the cobrand has none. */
export interface CobrandFooterTexts {
  copyrightMessage: string | null;
  privacyPolicy: string | null;
  privacyPolicyUrl: string | null;
  termsOfUse: string | null;
  termsOfUseUrl: string | null;
  cookieNotice: string | null;
  cookieNoticeUrl: string | null;
  security: string | null;
  securityUrl: string | null;
  accessibility: string | null;
  accessibilityUrl: string | null;
  footerMessage: string | null;
  authorizationWarning: string | null;
  managerWebsite: string | null;
  managerWebsiteUrl: string | null;
  groupWebsite: string | null;
  groupWebsiteUrl: string | null;
  disclaimer: string | null;
  disclaimerUrl: string | null;
  poweredBy: string | null;
}

/** A cobrand as the catalogue holds it (`data/cobrands/<id>/cobrand.json`, key `cobrand`). */
export interface CobrandEntry extends CobrandFooterTexts {
  name: string;
  abbreviation: string;
  signInToLabel: string;
  appName: string;
  fssoRedirectUrl: string | null;
  fssoLogoutUrl: string | null;
  companySelfRegisterSupported: boolean;
  prospectiveAccountApplicationSupported: boolean;
  warningMessage: string | null;
  /** A special label for the sign-in button (§2: one cobrand has one); null uses the translated 'Sign in'. */
  signInButtonLabel: string | null;
  /** The id of the footer variant in `data/footers/`. */
  footerVariant: string;
  /** Whether its users may sign in with a passkey; absent: `off`. */
  passkeys?: PasskeyPolicy;
  /** Whether its users with a second step may keep recovery codes; absent: `off`. */
  recoveryCodes?: RecoveryCodePolicy;
}

/**
 * A cobrand's passkey policy: `off`, `offered` (password users sign in with one on its own), `second-factor` (token
 * users too, instead of PIN + tokencode).
 */
export type PasskeyPolicy = 'off' | 'offered' | 'second-factor';

/** A cobrand's recovery-code policy: `off`, or `offered` (its token users may keep ten single-use codes). */
export type RecoveryCodePolicy = 'off' | 'offered';

export interface FooterLink {
  key: FooterLinkKey;
  text: string;
  url: string;
}

/** A footer image, the name of what it shows (for its alt text) and its size (so nothing moves when it arrives). */
export interface FooterLogo {
  logoUrl: string;
  logoName: string;
  logoWidth?: number;
  logoHeight?: number;
}

/**
 * The footer as the page shows it, resolved by the service from the variant and the cobrand's texts: links in the
 * variant's order with the context prefix already applied, and only the parts the variant shows.
 */
export interface CobrandFooter {
  layout: FooterLayout;
  links: FooterLink[];
  copyrightMessage: string | null;
  footerMessage: string | null;
  authorizationWarning: ({ text: string } & FooterLogo) | null;
  poweredBy: ({ text: string } & FooterLogo) | null;
}

/** The public record `GET /sdportal/rest/cobrand/{name}` answers: §3's fields plus the resolved footer. */
export interface Cobrand extends CobrandEntry {
  footer: CobrandFooter;
}

export type CobrandLocales = Record<string, string>;

export interface StylesheetLookup {
  url: string | null;
}
