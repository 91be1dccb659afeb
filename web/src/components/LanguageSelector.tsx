/** §2 language selector: the cobrand's languages, each named in its own language; choosing one reloads the page. */
import { languageTag } from '@portal/contract';
import { switchLocale } from '../page/choose-locale';
import { usePage } from '../page/page-context';

export function LanguageSelector() {
  const { t, locale, locales } = usePage();
  const entries = Object.entries(locales);
  if (entries.length < 2) return null;
  return (
    <div className="portal-field portal-language">
      <label className="portal-field__label" htmlFor="portal-language">
        {t('signin.language')}
      </label>
      <select
        id="portal-language"
        className="portal-select"
        value={locale}
        onChange={(event) => switchLocale(event.target.value)}
      >
        {entries.map(([code, name]) => (
          <option key={code} value={code} lang={languageTag(code)}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
