/** The catalogue's lists of fields: read by its types (cobrand.ts) and its schemas (schemas/cobrand.ts) alike. */
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
