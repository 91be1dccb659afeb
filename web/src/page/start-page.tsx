/**
 * Every page starts here: resolve the cobrand, load its record, languages, stylesheet and logo, settle the language,
 * then render the screen inside the shared shell. Nothing shows before the stylesheet lookup ends (§2).
 */
import { DEFAULT_LOCALE, LOCALE_COOKIE, languageTag } from '@portal/contract';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { cobrandName, loadCobrand } from '../cobrand/load-cobrand';
import { Shell } from '../components/Shell';
import { createTranslator, loadDictionary, type MessageKey } from '../i18n/translator';
import '../styles/tokens.css';
import '../styles/portal.css';
import { chooseLocale } from './choose-locale';
import { readCookie } from './cookies';
import { PageContext, type PageContextValue } from './page-context';

export interface PageOptions {
  /** The translated browser title of the route (§2); the sign-in screen sets its own. */
  titleKey?: MessageKey;
}

export async function startPage(Screen: ComponentType, options: PageOptions = {}): Promise<void> {
  const query = new URLSearchParams(location.search);
  const requested = cobrandName(query);
  const guessedLocale = query.get('locale') ?? readCookie(LOCALE_COOKIE) ?? DEFAULT_LOCALE;
  const early = loadDictionary(guessedLocale);
  const loaded = await loadCobrand(requested, query.get('locale'));
  const locale = chooseLocale(query, loaded.locales, loaded.cobrand.name);
  if (!locale) return;
  const dictionary = locale === guessedLocale ? await early : await loadDictionary(locale);
  const t = createTranslator(locale, dictionary);
  document.documentElement.lang = languageTag(locale);
  if (options.titleKey) document.title = t(options.titleKey);

  const value: PageContextValue = {
    t,
    locale,
    locales: loaded.locales,
    cobrand: loaded.cobrand,
    logoUrl: loaded.logoUrl,
    query,
  };
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <PageContext.Provider value={value}>
        <Shell>
          <Screen />
        </Shell>
      </PageContext.Provider>
    </StrictMode>,
  );
}
