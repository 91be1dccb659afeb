/**
 * §2 language selector: the cobrand's languages, each named in its own language. Choosing one in the list changes
 * nothing yet (WCAG 3.2.2: an arrow key on a closed list picks the next entry); the button beside it reloads the page
 * in that language, with the user ID kept and focus back on the list; without the script, the page in that language.
 */
import { languageTag } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { switchLocale } from '../page/switch-locale';
import { usePage } from '../page/page-context';
import { cameBackFromSwitch } from '../page/typed-early';
import { moveFocus } from './move-focus';

export function LanguageSelector() {
  const { t, locale, locales, cobrand } = usePage();
  const [chosen, setChosen] = useState(locale);
  const select = useRef<HTMLSelectElement>(null);
  // After the reload a change made, the user is where they were (the first field took focus meanwhile).
  useEffect(() => {
    if (cameBackFromSwitch()) moveFocus(select.current);
  }, []);
  const entries = Object.entries(locales);
  if (entries.length < 2) return null;
  return (
    // Without the script the form asks for the page in that language (the service settles `locale`, sets its cookie).
    <form
      className="portal-field portal-language"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        switchLocale(chosen);
      }}
    >
      <input type="hidden" name="cobrandHost" value={cobrand.name} />
      <label className="portal-field__label" htmlFor="portal-language">
        {t('signin.language')}
      </label>
      <div className="portal-language__row">
        <select
          id="portal-language"
          name="locale"
          ref={select}
          className="portal-select"
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
        >
          {entries.map(([code, name]) => (
            <option key={code} value={code} lang={languageTag(code)}>
              {name}
            </option>
          ))}
        </select>
        <button type="submit" className="portal-button portal-button--secondary portal-language__apply">
          {t('signin.language.apply')}
        </button>
      </div>
    </form>
  );
}
