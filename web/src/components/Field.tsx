/**
 * A labelled form field with GOV.UK's error and hint wiring: `<id>-error`, `<id>-hint`, aria-invalid; required, as
 * every field of the portal is (§2).
 */
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useHydrated } from '../page/browser-value';
import { usePage } from '../page/page-context';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  /** Ids of other elements that describe the field (a question, a list of rules). */
  describedBy?: string;
}

function describedBy(
  id: string,
  hint: string | undefined,
  error: string | undefined,
  extra?: string,
): string | undefined {
  return (
    [extra ?? null, hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  );
}

function FieldFrame({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  const { t } = usePage();
  return (
    <div className={`portal-field${error ? ' portal-field--error' : ''}`}>
      <label className="portal-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <div id={`${id}-hint`} className="portal-field__hint">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="portal-field__error">
          <span className="portal-visually-hidden">{t('error.prefix')} </span>
          {error}
        </p>
      )}
      {children}
    </div>
  );
}

export function TextField({ id, label, value, onValue, error, hint, describedBy: extra, ...input }: FieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        {...input}
        id={id}
        name={input.name ?? id}
        required
        className="portal-input"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error, extra)}
      />
    </FieldFrame>
  );
}

/** A password field with a show/hide toggle; the state change is announced politely. */
export function PasswordField({ id, label, value, onValue, error, hint, describedBy: extra, ...input }: FieldProps) {
  const { t } = usePage();
  const [shown, setShown] = useState(false);
  // The toggle needs the script: without it, it is hidden (issue 33) and the field is an ordinary password field; it
  // keeps its place meanwhile, so nothing moves when the script shows it.
  const scripted = useHydrated();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <div className="portal-password">
        <input
          {...input}
          id={id}
          name={input.name ?? id}
          required
          type={shown ? 'text' : 'password'}
          className="portal-input portal-password__input"
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error, extra)}
          spellCheck={false}
          autoCapitalize="none"
        />
        <button
          type="button"
          className={`portal-button portal-button--secondary portal-password__toggle${scripted ? '' : ' portal-password__toggle--waiting'}`}
          aria-controls={id}
          aria-label={t(shown ? 'password.hide.label' : 'password.show.label', label)}
          onClick={() => setShown(!shown)}
        >
          {shown ? t('password.hide') : t('password.show')}
        </button>
      </div>
      <div className="portal-visually-hidden" aria-live="polite">
        {t(shown ? 'password.shown' : 'password.hidden', label)}
      </div>
    </FieldFrame>
  );
}
