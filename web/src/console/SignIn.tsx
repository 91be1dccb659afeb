/**
 * The operator's sign-in: name, password and the code of their authenticator app, or the bank's staff identity provider
 * where one is configured. A refusal says the same for a wrong name, password or code (the service tells them apart to
 * nobody), and takes the cursor to the message.
 */
import { ConsolePaths, CONSOLE_CODE_LENGTH, type ConsoleOperator } from '@portal/contract/console';
import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { consoleCall } from './console-api';
import { useTexts } from './console-texts';
import { FormField } from './FormField';

type InputProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'maxLength' | 'inputMode'>;

/** A labelled input of the form, with its hint read after the label. */
function Field({ name, label, hint, ...input }: { name: string; label: string; hint?: string } & InputProps) {
  return (
    <FormField
      id={`console-${name}`}
      label={label}
      {...(hint ? { hint } : {})}
      control={(props) => <input {...props} name={name} className="portal-input" {...input} />}
    />
  );
}

/** A sign-on the staff identity provider did not complete comes back with SIGN_ON_REFUSED: said once, then forgotten. */
function refusedSignOn(): boolean {
  // The console's page is one file, rendered in the browser: no rendering is kept by its address (as Desk.tsx).
  const params = new URLSearchParams(location.search);
  if (params.get('signOn') === null) return false;
  params.delete('signOn');
  const rest = params.toString();
  history.replaceState(null, '', `${location.pathname}${rest ? `?${rest}` : ''}`);
  return true;
}

/** The bank's staff identity provider, where the service offers it: a link away to sign in there. */
function SignOn() {
  const { t } = useTexts();
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    consoleCall<{ offered: boolean }>(ConsolePaths.signOn)
      .then((answer) => setOffered(answer.offered))
      .catch(() => setOffered(false));
  }, []);
  if (!offered) return null;
  return (
    <section className="console-sign-on" aria-labelledby="console-sign-on-heading">
      <h2 className="console-subheading" id="console-sign-on-heading">
        {t('console.signOn.heading')}
      </h2>
      <a className="portal-button portal-button--secondary" href={ConsolePaths.signOnStart}>
        {t('console.signOn.link')}
      </a>
    </section>
  );
}

export function SignIn({ notice, onSignedIn }: { notice: string | null; onSignedIn: (who: ConsoleOperator) => void }) {
  const { t, failure } = useTexts();
  const [error, setError] = useState<string | null>(() => (refusedSignOn() ? t('console.signOn.refused') : null));
  const [busy, setBusy] = useState(false);
  const alert = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (error) alert.current?.focus();
  }, [error]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    if (!value('name').trim() || !value('password') || !value('code').trim()) {
      setError(t('console.signIn.missing'));
      return;
    }
    setBusy(true);
    const json = { name: value('name').trim(), password: value('password'), code: value('code').replace(/\s/g, '') };
    consoleCall<ConsoleOperator>(ConsolePaths.session, { method: 'POST', json })
      .then(onSignedIn)
      .catch((failed: unknown) => {
        setError(failure(failed));
        setBusy(false);
      });
  };

  return (
    <div className="portal-main__content console-card">
      <h1 className="portal-heading" ref={heading} tabIndex={-1}>
        {t('console.signIn.heading')}
      </h1>
      {notice && !error && (
        <p className="portal-notice" role="status">
          {notice}
        </p>
      )}
      {error && (
        <div className="portal-error-summary" role="alert" tabIndex={-1} ref={alert}>
          <p className="portal-error-summary__title">{error}</p>
        </div>
      )}
      <form className="portal-form" noValidate onSubmit={submit}>
        <Field name="name" label={t('console.signIn.name')} autoComplete="username" maxLength={200} />
        <Field
          name="password"
          label={t('console.signIn.password')}
          type="password"
          autoComplete="current-password"
          maxLength={1024}
        />
        <Field
          name="code"
          label={t('console.signIn.code')}
          hint={t('console.signIn.codeHint', CONSOLE_CODE_LENGTH)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={16}
        />
        <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
          {t('console.signIn.submit')}
        </button>
      </form>
      <SignOn />
    </div>
  );
}
