/**
 * Every page starts here: resolve the cobrand and take what the service wrote into the page for it (record, languages,
 * language and texts, logo, stylesheet link), or load them by §7's calls where it wrote nothing; then render the screen
 * inside the shared shell, or take over the one the service rendered. Nothing shows before the stylesheet is in (§2).
 */
import { DEFAULT_LOCALE, LOCALE_COOKIE, languageTag } from '@portal/contract';
import { StrictMode, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { cobrandName, loadCobrand, type LoadedCobrand } from '../cobrand/load-cobrand';
import { loadDictionary, type Dictionary } from '../i18n/translator';
import '../styles/tokens.css';
import '../styles/portal.css';
import { chooseLocale } from './choose-locale';
import { readCookie } from './cookies';
import { pageDataFor } from './page-data';
import { pageTitle } from './page-title';
import { pageContextFor, PageTree } from './page-tree';
import { keepTypedEarly } from './typed-early';

interface Settled extends LoadedCobrand {
  locale: string;
  dictionary: Dictionary;
}

/**
 * §3 and §4 as §7's calls settle them, for a page the service sent without its data (another back end): the record,
 * languages, stylesheet and logo, then the language, with the reload that sets its cookie.
 */
async function settleByCalls(requested: string, query: URLSearchParams): Promise<Settled | null> {
  const guessedLocale = query.get('locale') ?? readCookie(LOCALE_COOKIE) ?? DEFAULT_LOCALE;
  const early = loadDictionary(guessedLocale);
  const loaded = await loadCobrand(requested, query.get('locale'));
  const locale = chooseLocale(query, loaded.locales, loaded.cobrand.name);
  if (!locale) return null;
  const dictionary = locale === guessedLocale ? await early : await loadDictionary(locale);
  return { ...loaded, locale, dictionary };
}

/** `page`: the page's name, as the service names its built pages (web/dist/pages/<page>.html). */
export async function startPage(Screen: ComponentType, page: string): Promise<void> {
  const query = new URLSearchParams(location.search);
  const requested = cobrandName(query);
  const written = pageDataFor(requested);
  const settled = written ?? (await settleByCalls(requested, query));
  if (!settled) return;
  const value = pageContextFor(settled, { path: location.pathname, query });
  document.documentElement.lang = languageTag(settled.locale);
  // The service wrote the title into a page it sent with data; one sent without gets it here.
  const title = pageTitle(page, value);
  if (title) document.title = title;
  const root = document.getElementById('root');
  if (!root) return;
  const tree = (
    <StrictMode>
      <PageTree Screen={Screen} value={value} />
    </StrictMode>
  );
  // The service rendered the screen into the page when it wrote its data; the scripts take it over as it is, and what
  // was typed before they arrived stays.
  if (written && root.firstElementChild) {
    keepTypedEarly(root);
    hydrateRoot(root, tree);
  } else createRoot(root).render(tree);
}
