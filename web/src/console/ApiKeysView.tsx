/**
 * The admin API's keys, for an administrator: each with what it may do, its cobrands, and when it was made or revoked;
 * revoked with a reason; and a new key made, shown this once (the portal keeps only its HMAC). The service refuses a
 * scope or a cobrand the administrator has not; the page says so.
 */
import { ADMIN_SCOPES } from '@portal/contract/console';
import { useState, type FormEvent } from 'react';
import { AdminPage } from './AdminPage';
import { adminPath, consoleCall } from './console-api';
import { useTexts, type Texts } from './console-texts';
import type { Change } from './console-types';
import { cobrandsTyped, FormField } from './FormField';
import { ListSection, type Row } from './ListSection';
import { refusals } from './AdminPage';

interface ApiKey {
  name: string;
  scopes: string[];
  cobrands: string[] | null;
  createdAt: string;
  revokedAt: string | null;
}

/** A scope's words: `users:read` is `console.scope.usersRead`. */
const scopeKey = (scope: string) =>
  `console.scope.${scope.replace(/:(\w)/, (_match, first: string) => first.toUpperCase())}`;

function keyRows(texts: Texts, keys: ApiKey[]): Row[] {
  const { t, when } = texts;
  return keys.map((key) => ({
    key: key.name,
    label: key.name,
    line: [
      key.scopes.map((scope) => t(scopeKey(scope))).join(', '),
      key.cobrands?.join(', ') ?? t('console.operators.every'),
      t('console.keys.created', when(key.createdAt)),
      key.revokedAt ? t('console.keys.revoked', when(key.revokedAt)) : null,
    ]
      .filter(Boolean)
      .join(' · '),
    buttons: key.revokedAt
      ? []
      : [
          {
            shown: t('console.keys.revoke'),
            named: t('console.keys.revokeNamed', key.name),
            change: {
              title: t('console.action.revokeKey'),
              text: t('console.confirm.revokeKey', key.name),
              done: t('console.done.revokeKey', key.name),
              path: adminPath(`/api-keys/${encodeURIComponent(key.name)}`),
              method: 'DELETE',
              refused: refusals(texts),
            },
          },
        ],
  }));
}

function Scopes({ error }: { error: string | null }) {
  const { t } = useTexts();
  return (
    <fieldset
      className={`portal-field console-scopes${error ? ' portal-field--error' : ''}`}
      aria-describedby={error ? 'console-key-scopes-error' : undefined}
    >
      <legend className="portal-field__label">{t('console.keys.scopes')}</legend>
      {error && (
        <p className="portal-field__error" id="console-key-scopes-error">
          {error}
        </p>
      )}
      {ADMIN_SCOPES.map((scope) => (
        <label key={scope} className="console-check">
          <input type="checkbox" name="scopes" value={scope} /> {t(scopeKey(scope))}
        </label>
      ))}
    </fieldset>
  );
}

function MakeKey({ onChange }: { onChange: (change: Change) => void }) {
  const texts = useTexts();
  const { t } = texts;
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const scopes = form.getAll('scopes').map(String);
    const found = {
      ...(name ? {} : { name: t('console.keys.nameMissing') }),
      ...(scopes.length ? {} : { scopes: t('console.keys.scopesMissing') }),
    };
    setErrors(found);
    if (found.name || found.scopes) return;
    onChange({
      title: t('console.action.createKey'),
      text: t('console.confirm.createKey', name),
      done: t('console.done.createKey', name),
      path: adminPath('/api-keys'),
      method: 'POST',
      json: { name, scopes, cobrands: cobrandsTyped(String(form.get('cobrands') ?? '')) },
      refused: refusals(texts),
      reveal: (answer) => (
        <p className="console-secret">
          <code>{(answer as { key: string }).key}</code>
        </p>
      ),
    });
  };
  return (
    <section aria-labelledby="console-make-key-heading">
      <h2 className="console-subheading" id="console-make-key-heading">
        {t('console.keys.add')}
      </h2>
      <form className="portal-form console-admin-form" noValidate onSubmit={submit}>
        <FormField
          id="console-key-name"
          label={t('console.keys.name')}
          hint={t('console.keys.nameHint')}
          error={errors.name}
          control={(props) => (
            <input {...props} name="name" className="portal-input" maxLength={64} autoComplete="off" />
          )}
        />
        <Scopes error={errors.scopes ?? null} />
        <FormField
          id="console-key-cobrands"
          label={t('console.operators.cobrands')}
          hint={t('console.operators.cobrandsHint')}
          control={(props) => (
            <input {...props} name="cobrands" className="portal-input" maxLength={2000} autoComplete="off" />
          )}
        />
        <button type="submit" className="portal-button portal-button--primary">
          {t('console.keys.submit')}
        </button>
      </form>
    </section>
  );
}

const readKeys = () => consoleCall<{ keys: ApiKey[] }>(adminPath('/api-keys')).then((a) => a.keys);

export function ApiKeysView({ ended }: { ended: (error: unknown) => boolean }) {
  const texts = useTexts();
  return (
    <AdminPage title={texts.t('console.keys.heading')} read={readKeys} ended={ended}>
      {(keys, onChange) => (
        <>
          <ListSection
            id="keys"
            heading={texts.t('console.keys.listed', keys.length)}
            none={texts.t('console.keys.none')}
            rows={keyRows(texts, keys)}
            canChange
            onChange={onChange}
          />
          <MakeKey onChange={onChange} />
        </>
      )}
    </AdminPage>
  );
}
