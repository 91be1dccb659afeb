// Next token screen (spec §2 "Next token screen", §4 next token, §5 next-token rule, §8 next-token errors).
import { PASSCODE_LENGTH, PORTAL_FORM_ID, type PostedForm } from '@portal/contract';
import { useCallback, type FormEvent } from 'react';
import { HttpError, call } from '../../api/client';
import { ErrorSummary } from '../../components/ErrorSummary';
import { TextField } from '../../components/Field';
import { SessionWarning } from '../../components/SessionWarning';
import { type FieldErrors } from '../../components/use-form';
import { useFormScreen } from '../../components/use-form-screen';
import type { Translate } from '../../i18n/translator';
import { usePage } from '../../page/page-context';
import { logoutAddress, useTokenUser } from '../../token/use-token-user';

/** §8: ec 14008 is an invalid token; any other ec shows the page's general error. */
const EC_INVALID_TOKEN = '14008';

type NextTokenField = 'passcode';
const FIELDS: readonly NextTokenField[] = ['passcode'];

export function NextTokenScreen() {
  const { t, cobrand, query } = usePage();
  const user = useTokenUser('nexttoken', cobrand.name);
  const errorFor = (ec: string) => (ec === EC_INVALID_TOKEN ? t('nexttoken.invalid') : t('login.unable'));
  const ec = query.get('ec');
  // §5: required and exactly 8 characters, otherwise "invalid token".
  const validate = useCallback(
    (values: Record<NextTokenField, string>): FieldErrors<NextTokenField> =>
      values.passcode.length === PASSCODE_LENGTH ? {} : { passcode: t('nexttoken.invalid') },
    [t],
  );
  const form = useFormScreen({
    fields: FIELDS,
    labels: { passcode: t('nexttoken.passcode') },
    validate,
    title: t('page.title.next-token-component'),
    initialFieldErrors: ec === null ? {} : { passcode: errorFor(ec) },
    focusFirstField: true,
  });
  if (!user) return null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!user || !form.start()) return;
    try {
      const response = await call(user.forwardFormEndpoint, {
        method: 'POST',
        form: {
          username: user.b2BAlias,
          'login-form-type': 'next-token',
          password: form.values.passcode,
          authn_attempt_id: query.get('authn_attempt_id') ?? '',
          in_response_to: query.get('in_response_to') ?? '',
          referral_path: query.get('referral_path') ?? '',
        },
      });
      const target = (await response.text()).trim();
      const answered = new URL(target, location.origin).searchParams.get('ec');
      if (answered !== null) return form.fail({ fields: { passcode: errorFor(answered) } });
      location.assign(target);
    } catch (e) {
      const message = e instanceof HttpError && e.status < 500 ? t('nexttoken.invalid') : t('error.system');
      form.fail({ fields: { passcode: message } });
    }
  }

  return (
    <div className="portal-next-token">
      <h1 className="portal-heading">{t('nexttoken.heading')}</h1>
      <ErrorSummary errors={form.summary} revision={form.revision} />
      <p className="portal-hint">{t('nexttoken.intro')}</p>
      {/* Without an action it posts to this page's own address, with its attempt, which the service answers (issue 33). */}
      <form id={PORTAL_FORM_ID} className="portal-form" method="post" noValidate onSubmit={onSubmit}>
        <TextField
          {...form.field('passcode', { digits: true })}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={PASSCODE_LENGTH}
          spellCheck={false}
        />
        <div className="portal-actions">
          <button type="submit" className="portal-button portal-button--primary" disabled={!form.canSubmit}>
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

/** §8's error of the form posted without the script, worded; used by the service's renderer only (web/src/ssr.tsx). */
export function nextTokenPosted(t: Translate, { fields = {} }: PostedForm): Omit<PostedForm, 'values'> {
  if (!fields.passcode) return {};
  return { fieldErrors: { passcode: fields.passcode === 'system' ? t('error.system') : t('nexttoken.invalid') } };
}
