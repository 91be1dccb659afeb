/**
 * §4 locale handling, settled as the service settles it (`settleLocale`): the `locale` parameter, else the cookie,
 * each to the nearest language the cobrand offers; with neither, the browser's languages. A missing or unsupported
 * cookie is then set and the page reloads, once per cobrand and tab, so a browser that refuses cookies cannot loop.
 */
import { LOCALE_COOKIE, type CobrandLocales } from '@portal/contract';
import { nearestLocale, settleLocale } from '@portal/contract/locales';
import { readCookie, writeCookie } from './cookies';

const RELOADED_ITEM = 'portal.localeReloaded';

/** The locale to render in, or null when the page is reloading to apply the cobrand's first language. */
export function chooseLocale(query: URLSearchParams, locales: CobrandLocales, cobrand: string): string | null {
  const offered = Object.keys(locales);
  const param = query.get('locale');
  const cookie = readCookie(LOCALE_COOKIE);
  const locale = settleLocale(offered, { param, cookie, accepted: navigator.languages });
  if (cookie === locale) return locale;
  writeCookie(LOCALE_COOKIE, locale);
  const named = [param, cookie].some((wish) => wish && nearestLocale(wish, offered) === locale);
  if (named || sessionStorage.getItem(RELOADED_ITEM) === cobrand) return locale;
  sessionStorage.setItem(RELOADED_ITEM, cobrand);
  location.reload();
  return null;
}
