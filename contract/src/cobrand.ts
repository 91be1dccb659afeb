/** The cobrand record of §3, as the service answers it and the web app reads it. */
export const FOOTER_LINK_KEYS = [
  'privacyPolicy', 'termsOfUse', 'cookieNotice', 'security', 'accessibility',
  'managerWebsite', 'groupWebsite', 'disclaimer',
] as const;
export type FooterLinkKey = (typeof FOOTER_LINK_KEYS)[number];

export interface FooterLink {
  key: FooterLinkKey;
  text: string;
  url: string;
}

export interface CobrandFooter {
  /** Visual arrangement; `context-prefixed` layouts prefix the cookie-notice link with the portal context path (§2). */
  layout: 'inline' | 'stacked' | 'columns' | 'context-prefixed';
  links: FooterLink[];
  copyrightMessage: string | null;
  footerMessage: string | null;
  authorizationWarning: string | null;
  poweredBy: string | null;
}

export interface Cobrand {
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
  footer: CobrandFooter;
}

export type CobrandLocales = Record<string, string>;

export interface StylesheetLookup {
  url: string | null;
}
