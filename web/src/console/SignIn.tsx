/**
 * The operator's sign-in: name, password and the code of their authenticator app (or a passkey instead, where the
 * console offers them), or the bank's staff identity provider where one is configured. A refusal says the same for a wrong name, password or code (the service tells them apart to
 * nobody), and takes the cursor to the message.
 */
import { ConsolePaths, CONSOLE_CODE_LENGTH, type ConsoleOperator } from '@portal/contract/console';
import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes, type MouseEvent } from 'react';
import { consoleCall, ConsoleError } from './console-api';
import { useTexts } from './console-texts';
import { FormField } from './FormField';
import { passkeysInThisBrowser, signWithPasskey } from './passkey-ceremony';
import { useWaysIn } from './ways-in';

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

/** The operator's name, password and authenticator code. */
function CredentialFields() {
  const { t } = useTexts();
  return (
    <>
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
    </>
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
  if (!useWaysIn().offered) return null;
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

/** The form's values, or null when one the chosen way (with the code, or a passkey) needs is missing. */
function formValues(form: HTMLFormElement, withCode: boolean) {
  const data = new FormData(form);
  const value = (name: string) => String(data.get(name) ?? '');
  const code = value('code').replace(/\s/g, '');
  if (!value('name').trim() || !value('password') || (withCode && !code)) return null;
  return { name: value('name').trim(), password: value('password'), code };
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

  const passkeys = useWaysIn().passkeys && passkeysInThisBrowser();
  const failed = (error: unknown) => {
    // The browser's own passkey dialog closed or failed: no answer reached the service.
    setError(error instanceof ConsoleError ? failure(error) : t('console.signIn.passkeyCancelled'));
    setBusy(false);
  };
  const given = (form: HTMLFormElement, withCode: boolean) => {
    const values = formValues(form, withCode);
    if (!values) setError(t(withCode ? 'console.signIn.missing' : 'console.signIn.passkeyMissing'));
    return values;
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const json = given(event.currentTarget, true);
    if (!json) return;
    setBusy(true);
    consoleCall<ConsoleOperator>(ConsolePaths.session, { method: 'POST', json }).then(onSignedIn, failed);
  };
  const withPasskey = (event: MouseEvent<HTMLButtonElement>) => {
    const values = event.currentTarget.form && given(event.currentTarget.form, false);
    if (!values) return;
    setBusy(true);
    const { name, password } = values;
    consoleCall<PublicKeyCredentialRequestOptionsJSON>(ConsolePaths.passkeySignIn, { method: 'POST' })
      .then(signWithPasskey)
      .then((passkey) =>
        consoleCall<ConsoleOperator>(ConsolePaths.session, { method: 'POST', json: { name, password, passkey } }),
      )
      .then(onSignedIn, failed);
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
        <CredentialFields />
        <div className="console-sign-in__buttons">
          <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
            {t('console.signIn.submit')}
          </button>
          {passkeys && (
            <button
              type="button"
              className="portal-button portal-button--secondary"
              disabled={busy}
              onClick={withPasskey}
            >
              {t('console.signIn.passkey')}
            </button>
          )}
        </div>
      </form>
      <SignOn />
    </div>
  );
}
