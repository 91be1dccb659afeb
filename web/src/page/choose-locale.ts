/**
 * §4 locale handling: a missing or unsupported `user_locale` cookie is set to the cobrand's first language and the
 * page reloads. The reload happens once per cobrand and tab, so a browser that refuses cookies cannot loop.
 */
import { DEFAULT_LOCALE, LOCALE_COOKIE, type CobrandLocales } from '@portal/contract';
import { readCookie, writeCookie } from './cookies';

const RELOADED_ITEM = 'portal.localeReloaded';

/** The locale to render in, or null when the page is reloading to apply the cobrand's first language. */
export function chooseLocale(query: URLSearchParams, locales: CobrandLocales, cobrand: string): string | null {
  const offered = Object.keys(locales);
  const requested = query.get('locale');
  if (requested && offered.includes(requested)) {
    if (readCookie(LOCALE_COOKIE) !== requested) writeCookie(LOCALE_COOKIE, requested);
    return requested;
  }
  const current = readCookie(LOCALE_COOKIE);
  if (current && offered.includes(current)) return current;
  const first = offered[0] ?? DEFAULT_LOCALE;
  writeCookie(LOCALE_COOKIE, first);
  if (sessionStorage.getItem(RELOADED_ITEM) !== cobrand) {
    sessionStorage.setItem(RELOADED_ITEM, cobrand);
    location.reload();
    return null;
  }
  return first;
}

/** The language selector: choose, remember for 90 days, reload. */
export function switchLocale(locale: string): void {
  writeCookie(LOCALE_COOKIE, locale);
  const url = new URL(location.href);
  url.searchParams.delete('locale');
  location.assign(url.toString());
}
