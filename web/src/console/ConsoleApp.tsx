/**
 * The help-desk console (issue 49) on the admin listener: its texts in the operator's language, then the sign-in, or
 * the desk of the operator signed in. A call answered 401 means the console's session ended (15 minutes idle): back to
 * the sign-in, saying so.
 */
import { ConsolePaths, type ConsoleOperator } from '@portal/contract/console';
import { useEffect, useState } from 'react';
import { consoleCall, ConsoleError } from './console-api';
import { textsOf, TextsContext, useTexts, type ConsoleTextsAnswer, type Texts } from './console-texts';
import { Desk } from './Desk';
import { SignIn } from './SignIn';

function Console({ first }: { first: ConsoleOperator | null }) {
  const { t } = useTexts();
  const [operator, setOperator] = useState(first);
  const [notice, setNotice] = useState<string | null>(null);
  /** Any call's failure: a 401 ends the desk; anything else is the screen's own to say. */
  const ended = (error: unknown): boolean => {
    if (!(error instanceof ConsoleError) || error.status !== 401) return false;
    setNotice(t('console.sessionEnded'));
    setOperator(null);
    return true;
  };
  const signOut = () => {
    void consoleCall(ConsolePaths.session, { method: 'DELETE' })
      .catch(() => undefined)
      .then(() => {
        setNotice(t('console.signedOut'));
        setOperator(null);
      });
  };
  return (
    <div className="portal-shell">
      <a className="portal-skip-link" href="#console-main">
        {t('console.skipLink')}
      </a>
      <header className="portal-header console-header">
        <p className="console-header__name">{t('console.title')}</p>
        {operator && (
          <div className="console-header__operator">
            <p className="console-header__who">
              {t('console.signedInAs', operator.name, t(`console.role.${operator.role}`))}
            </p>
            <button type="button" className="portal-button console-header__sign-out" onClick={signOut}>
              {t('console.signOut')}
            </button>
          </div>
        )}
      </header>
      <main id="console-main" className="portal-main" tabIndex={-1}>
        {operator ? (
          <Desk operator={operator} ended={ended} />
        ) : (
          <SignIn
            notice={notice}
            onSignedIn={(who) => {
              setNotice(null);
              setOperator(who);
            }}
          />
        )}
      </main>
    </div>
  );
}

/** Said before the console's texts are there (they could not be loaded): the one line not in the bundles. */
const UNREACHABLE = 'The console could not reach the service. Reload the page to try again.';

export function ConsoleApp() {
  const [texts, setTexts] = useState<Texts | null>(null);
  const [operator, setOperator] = useState<ConsoleOperator | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const locale = new URLSearchParams(location.search).get('locale');
    const query = locale ? `?locale=${encodeURIComponent(locale)}` : '';
    consoleCall<ConsoleTextsAnswer>(`${ConsolePaths.texts}${query}`)
      .then((answer) => {
        const made = textsOf(answer);
        document.documentElement.lang = made.lang;
        document.title = made.t('console.title');
        setTexts(made);
      })
      .catch(() => setFailed(true));
    consoleCall<ConsoleOperator>(ConsolePaths.me)
      .then(setOperator)
      .catch(() => setOperator(null));
  }, []);
  if (failed) return <p role="alert">{UNREACHABLE}</p>;
  if (!texts || operator === undefined) return null;
  return (
    <TextsContext.Provider value={texts}>
      <Console first={operator} />
    </TextsContext.Provider>
  );
}
