/** Business constants of §9 of the spec. */
export const SUPPORTED_LOCALES = [
  'en_US',
  'da',
  'de',
  'en_GB',
  'es',
  'es_ES',
  'fi',
  'fr',
  'fr_CA',
  'in',
  'it',
  'ja',
  'ko',
  'nl',
  'no',
  'pl',
  'pt',
  'pt_PT',
  'ru',
  'sv',
  'tr',
  'zh_CN',
  'zh_TW',
] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en_US';

/** The BCP 47 tag of a portal locale, for `lang` attributes and Intl: `en_US` → `en-US`; the legacy `in` → `id`. */
export const languageTag = (locale: string): string => (locale === 'in' ? 'id' : locale.replace('_', '-'));
export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);

export const MAX_FAILED_LOGINS = 6;
export const PIN_LENGTH = 4;
export const PASSCODE_LENGTH = 8;
export const CSRF_TOKEN_LENGTH = 20;
export const SESSION_WARNING_AFTER_MS = 220_000;
export const SESSION_COUNTDOWN_SECONDS = 80;
export const FORCE_REFRESH_MS = 1_800_000;
export const COOKIE_MAX_AGE_DAYS = 90;
export const LOGO_FORMATS = ['jpg', 'png', 'gif'] as const;
export const DEFAULT_COBRAND = 'default';
/** The longest user ID or password the portal accepts; anything longer is refused, never truncated. */
export const MAX_USER_ID_LENGTH = 64;
export const MAX_PASSWORD_LENGTH = 128;
