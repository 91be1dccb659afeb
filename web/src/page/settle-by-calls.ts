/** Loaded only by a page that came without its data, as a chunk of its own (web/vite.config.ts). */
import { DEFAULT_LOCALE, LOCALE_COOKIE } from '@portal/contract';
import { loadCobrand, type LoadedCobrand } from '../cobrand/load-cobrand';
import { loadDictionary } from '../i18n/load-dictionary';
import type { Dictionary } from '../i18n/translator';
import { chooseLocale } from './choose-locale';
import { readCookie } from './cookies';

interface Settled extends LoadedCobrand {
  locale: string;
  dictionary: Dictionary;
}

/**
 * §3 and §4 as §7's calls settle them, for a page the service sent without its data (another back end): the record,
 * languages, stylesheet and logo, then the language, with the reload that sets its cookie.
 */
export async function settleByCalls(requested: string, query: URLSearchParams): Promise<Settled | null> {
  const guessedLocale = query.get('locale') ?? readCookie(LOCALE_COOKIE) ?? DEFAULT_LOCALE;
  const early = loadDictionary(guessedLocale);
  const loaded = await loadCobrand(requested, query.get('locale'));
  const locale = chooseLocale(query, loaded.locales, loaded.cobrand.name);
  if (!locale) return null;
  const dictionary = locale === guessedLocale ? await early : await loadDictionary(locale);
  return { ...loaded, locale, dictionary };
}
