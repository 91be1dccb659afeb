// New-device verification (issue 47): a password sign-in from a browser the account has not used is held until the
// code mailed to the account's address is given here. The form posts to the service without the script too (issue 33).
import { PORTAL_FORM_ID, routePath, type PostedForm } from '@portal/contract';
import { DEVICE_CODE_MAX } from '@portal/contract/device-code';
import { ErrorSummary } from '../../components/ErrorSummary';
import { TextField } from '../../components/Field';
import { SessionWarning } from '../../components/SessionWarning';
import type { Translate } from '../../i18n/translator';
import { usePage } from '../../page/page-context';
import { ended, fieldErrors } from './device-code-errors';
import { useDeviceCode } from './use-device-code';

export function DeviceCodeScreen() {
  const { t, cobrand, query, deviceCode } = usePage();
  const attempt = deviceCode?.attempt ?? query.get('attempt') ?? '';
  const { form, title, resent, onSubmit, onResend } = useDeviceCode(
    t,
    attempt,
    deviceCode,
    query.get('resent') === 'sent',
  );
  const back = `${routePath('login-signin-component')}?cobrandHost=${encodeURIComponent(cobrand.name)}`;
  const sentTo = deviceCode?.sentTo ?? '';
  return (
    <div className="portal-signin">
      <h1 className="portal-heading">{title}</h1>
      <ErrorSummary errors={form.summary} revision={form.revision} />
      {sentTo && deviceCode?.status === 'sent' && <p className="portal-hint">{t('deviceCode.intro', sentTo)}</p>}
      {resent && (
        <p className="portal-notice" role="status">
          {t('deviceCode.resent', sentTo)}
        </p>
      )}
      {/* Without an action it posts to this page's own address, which the service answers (issue 33). */}
      <form id={PORTAL_FORM_ID} className="portal-form" method="post" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="attempt" value={attempt} />
        <TextField
          {...form.field('code')}
          hint={t('deviceCode.code.hint')}
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
          maxLength={DEVICE_CODE_MAX}
        />
        <div className="portal-actions">
          <button
            type="submit"
            className="portal-button portal-button--primary"
            disabled={!form.canSubmit}
            aria-busy={form.submitting}
          >
            {t('deviceCode.submit')}
          </button>
          <button
            type="submit"
            name="resend"
            value="1"
            formNoValidate
            className="portal-button portal-button--secondary"
            onClick={onResend}
          >
            {t('deviceCode.resend')}
          </button>
        </div>
      </form>
      <p>
        <a className="portal-link" href={back}>
          {t('deviceCode.back')}
        </a>
      </p>
      <SessionWarning />
    </div>
  );
}

/** The refusal of the form posted without the script, worded as the script words it (web/src/ssr.tsx only). */
export function deviceCodePosted(t: Translate, { failure, fields = {} }: PostedForm): Omit<PostedForm, 'values'> {
  const label = t('deviceCode.code');
  if (failure === 'ended') return { page: ended(t, label) };
  if (failure === 'invalid') return { fieldErrors: fieldErrors(t, 'invalid') };
  return { fieldErrors: fieldErrors(t, fields.code) };
}
