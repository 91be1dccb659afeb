// Next token screen (spec §2 "Next token screen", §4 next token, §5 next-token rule, §8 next-token errors).
import { PASSCODE_LENGTH } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { HttpError, call } from '../../api/client';
import { ErrorSummary } from '../../components/ErrorSummary';
import { TextField } from '../../components/Field';
import { SessionWarning } from '../../components/SessionWarning';
import { usePage } from '../../page/page-context';
import { useErrorTitle } from '../../page/use-error-title';
import { logoutAddress, useTokenUser } from '../../token/use-token-user';

/** §8: ec 14008 is an invalid token; any other ec shows the page's general error. */
const EC_INVALID_TOKEN = '14008';

export function NextTokenScreen() {
  const { t, cobrand, query } = usePage();
  const user = useTokenUser('nexttoken', cobrand.name);
  const errorFor = (ec: string | null) =>
    ec === null ? null : ec === EC_INVALID_TOKEN ? t('nexttoken.invalid') : t('login.unable');
  const [passcode, setPasscode] = useState('');
  const [error, setError] = useState<string | null>(() => errorFor(query.get('ec')));
  const [submitting, setSubmitting] = useState(false);
  const [revision, setRevision] = useState(error ? 1 : 0);
  useErrorTitle(t('page.title.next-token-component'), error !== null);
  if (!user) return null;

  const fail = (message: string) => {
    setPasscode('');
    setError(message);
    setSubmitting(false);
    setRevision((r) => r + 1);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting || !user) return;
    // §5: required and exactly 8 characters, otherwise "invalid token".
    if (passcode.length !== PASSCODE_LENGTH) return fail(t('nexttoken.invalid'));
    setSubmitting(true);
    try {
      const response = await call(user.forwardFormEndpoint, {
        method: 'POST',
        form: {
          username: user.b2BAlias,
          'login-form-type': 'next-token',
          password: passcode,
          authn_attempt_id: query.get('authn_attempt_id') ?? '',
          in_response_to: query.get('in_response_to') ?? '',
          referral_path: query.get('referral_path') ?? '',
        },
      });
      const target = (await response.text()).trim();
      const ec = new URL(target, location.origin).searchParams.get('ec');
      if (ec !== null) return fail(errorFor(ec)!);
      location.assign(target);
    } catch (e) {
      fail(e instanceof HttpError && e.status < 500 ? t('nexttoken.invalid') : t('error.system'));
    }
  }

  return (
    <div className="portal-next-token">
      <h1 className="portal-heading">{t('nexttoken.heading')}</h1>
      <ErrorSummary
        errors={error ? [{ target: 'passcode', fieldName: t('nexttoken.passcode'), description: error }] : []}
        revision={revision}
      />
      <p className="portal-hint">{t('nexttoken.intro')}</p>
      <form className="portal-form" noValidate onSubmit={onSubmit}>
        <TextField
          id="passcode"
          label={t('nexttoken.passcode')}
          value={passcode}
          onValue={setPasscode}
          error={error ?? undefined}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={PASSCODE_LENGTH}
          spellCheck={false}
        />
        <div className="portal-actions">
          <button type="submit" className="portal-button portal-button--primary" disabled={submitting}>
            {t('nexttoken.continue')}
          </button>
          <a className="portal-button portal-button--secondary" href={logoutAddress(cobrand.name)}>
            {t('nexttoken.cancel')}
          </a>
        </div>
      </form>
      <SessionWarning />
    </div>
  );
}
