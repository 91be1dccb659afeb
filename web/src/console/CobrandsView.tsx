/**
 * The cobrand catalogue, for an administrator: the cobrands loaded and each one's record; the deployment's catalogue
 * folder checked as an import would read it (loading nothing), and imported with a reason (all of it or nothing).
 */
import { useRef, useState } from 'react';
import { AdminPage } from './AdminPage';
import { adminPath, consoleCall } from './console-api';
import { useTexts } from './console-texts';
import type { Change } from './console-types';

interface Cobrand {
  name: string;
  abbreviation: string;
}

/** One cobrand's record as the catalogue holds it. */
function Record({ name, ended }: { name: string; ended: (error: unknown) => boolean }) {
  const { t, failure } = useTexts();
  const [record, setRecord] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = useRef<HTMLPreElement>(null);
  const show = () =>
    consoleCall<object>(adminPath(`/cobrands/${encodeURIComponent(name)}`))
      .then((answer) => setRecord(JSON.stringify(answer, null, 2)))
      .then(() => shown.current?.focus())
      .catch((failed: unknown) => ended(failed) || setError(failure(failed)));
  return (
    <li className="console-list__item">
      {record === null && (
        <button type="button" className="portal-button portal-button--secondary" onClick={() => void show()}>
          {t('console.cobrands.showNamed', name)}
        </button>
      )}
      {error && <p className="portal-field__error">{error}</p>}
      {record !== null && (
        // A region of its own, reached by the keyboard (it scrolls), the cursor on it once shown.
        <pre
          className="console-record"
          role="region"
          aria-label={t('console.cobrands.record', name)}
          tabIndex={0}
          ref={shown}
        >
          {record}
        </pre>
      )}
    </li>
  );
}

/** The catalogue folder as an import would read it. */
function Check({ ended }: { ended: (error: unknown) => boolean }) {
  const { t, failure } = useTexts();
  const [checked, setChecked] = useState<{ cobrands: string[]; problems: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = () =>
    consoleCall<{ cobrands: string[]; problems: string[] }>(adminPath('/catalogue'))
      .then((answer) => {
        setError(null);
        setChecked(answer);
      })
      .catch((failed: unknown) => ended(failed) || setError(failure(failed)));
  return (
    <>
      <button type="button" className="portal-button portal-button--secondary" onClick={() => void check()}>
        {t('console.cobrands.check')}
      </button>
      <div role="status" className="console-results">
        {error && <p className="portal-field__error">{error}</p>}
        {checked && (
          <p className="console-subheading">
            {checked.problems.length
              ? t('console.cobrands.problems', checked.problems.length)
              : t('console.cobrands.checked', checked.cobrands.length)}
          </p>
        )}
      </div>
      {checked && checked.problems.length > 0 && (
        <ul className="console-problems">
          {checked.problems.map((problem) => (
            <li key={problem}>
              <code>{problem}</code>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const readCobrands = () => consoleCall<{ cobrands: Cobrand[] }>(adminPath('/cobrands')).then((a) => a.cobrands);

export function CobrandsView({ ended }: { ended: (error: unknown) => boolean }) {
  const { t } = useTexts();
  const importing = (): Change => ({
    title: t('console.action.importCatalogue'),
    text: t('console.confirm.importCatalogue'),
    done: t('console.done.importCatalogue'),
    path: adminPath('/cobrands/import'),
    method: 'POST',
    reveal: (answer) => <p>{t('console.cobrands.imported', (answer as { imported: string[] }).imported.length)}</p>,
  });
  return (
    <AdminPage title={t('console.cobrands.heading')} read={readCobrands} ended={ended}>
      {(cobrands, onChange) => (
        <>
          <section aria-labelledby="console-catalogue-heading">
            <h2 className="console-subheading" id="console-catalogue-heading">
              {t('console.cobrands.catalogue')}
            </h2>
            <p className="portal-hint">{t('console.cobrands.catalogueHint')}</p>
            <div className="console-actions">
              <Check ended={ended} />
              <button
                type="button"
                className="portal-button portal-button--primary"
                onClick={() => onChange(importing())}
              >
                {t('console.action.importCatalogue')}
              </button>
            </div>
          </section>
          <section aria-labelledby="console-cobrands-heading">
            <h2 className="console-subheading" id="console-cobrands-heading">
              {t('console.cobrands.loaded', cobrands.length)}
            </h2>
            <ul className="console-list">
              {cobrands.map((cobrand) => (
                <Record key={cobrand.name} name={cobrand.name} ended={ended} />
              ))}
            </ul>
          </section>
        </>
      )}
    </AdminPage>
  );
}
