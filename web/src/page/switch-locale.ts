/**
 * The language selector's choice (§4). Apart from choose-locale.ts, which only a page sent without its data loads
 * (with the contract's settling of locales): the sign-in page carries neither (web/vite.config.ts).
 */
import { LOCALE_COOKIE } from '@portal/contract';
import { writeCookie } from './cookies';
import { carryTyped } from './typed-early';

/** The language selector's button: remember the choice for 90 days, reload, keep the user ID typed. */
export function switchLocale(locale: string): void {
  writeCookie(LOCALE_COOKIE, locale);
  carryTyped();
  const url = new URL(location.href);
  url.searchParams.delete('locale');
  location.assign(url.toString());
}
