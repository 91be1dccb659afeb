// Sign-in with a recovery code (issue 35): a token user who has lost the token gives the user ID, the PIN and one of
// their recovery codes in place of the tokencode. The form posts to the service without the script too (issue 33).
import {
  PORTAL_FORM_ID,
  RECOVERY_CODE_MAX,
  RecoveryCodePaths,
  routePath,
  trimmed,
  validateRecoveryCodeSignIn,
  type PostedForm,
} from '@portal/contract';
import { useCallback, type FormEvent } from 'react';
import { HttpError, call } from '../../api/client';
import { whereNext } from '../../api/sign-in';
import { isBusy, oneRetryWhenBusy } from '../../api/busy-retry';
import { busyError } from '../../components/busy-error';
import { ErrorSummary, type PageError } from '../../components/ErrorSummary';
import { PasswordField, TextField } from '../../components/Field';
import { type FieldErrors } from '../../components/use-form';
import { useFormScreen } from '../../components/use-form-screen';
import type { Translate } from '../../i18n/translator';
import { usePage } from '../../page/page-context';

type RecoveryField = 'userId' | 'pin' | 'code';
const FIELDS: readonly RecoveryField[] = ['userId', 'pin', 'code'];

/** The form's checks (contract's validateRecoveryCodeSignIn), worded. */
function fieldErrors(t: Translate, keys: Partial<Record<string, string>>): FieldErrors<RecoveryField> {
  const errors: FieldErrors<RecoveryField> = {};
  for (const field of FIELDS)
    if (keys[field]) errors[field] = t(keys[field] === 'required' ? 'field.required' : 'field.tooLong');
  return errors;
}

export function RecoveryCodeScreen() {
  const { t, cobrand } = usePage();
  const title = t('page.title.recovery-code-component');
  const labels = { userId: t('signin.userId'), pin: t('recoveryCode.pin'), code: t('recoveryCode.code') };
  const validate = useCallback(
    (values: Record<RecoveryField, string>) => fieldErrors(t, validateRecoveryCodeSignIn(values)),
    [t],
  );
  const form = useFormScreen({ fields: FIELDS, labels, validate, title, focusFirstField: true });
  const back = `${routePath('login-signin-component')}?cobrandHost=${encodeURIComponent(cobrand.name)}`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.start()) return;
    const json = {
      userId: trimmed(form.values.userId),
      pin: trimmed(form.values.pin),
      code: trimmed(form.values.code),
    };
    try {
      const send = async () => whereNext(await call(RecoveryCodePaths.signIn, { method: 'POST', json }));
      location.assign(await oneRetryWhenBusy(send, { onBusy: () => undefined }));
    } catch (error) {
      if (isBusy(error)) return form.fail({ page: busyError(t, 'userId', labels.userId), keepValues: true });
      const system = !(error instanceof HttpError) || error.status >= 500;
      form.fail({ page: refusal(t, labels.userId, system) });
    }
  }

  return (
    <div className="portal-signin">
      <h1 className="portal-heading">{title}</h1>
      <ErrorSummary errors={form.summary} revision={form.revision} />
      <p className="portal-hint">{t('recoveryCode.intro')}</p>
      {/* Without an action it posts to this page's own address, which the service answers (issue 33). */}
      <form id={PORTAL_FORM_ID} className="portal-form" method="post" noValidate onSubmit={onSubmit}>
        <TextField {...form.field('userId')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
        <PasswordField {...form.field('pin')} autoComplete="off" inputMode="numeric" />
        <TextField
          {...form.field('code')}
          hint={t('recoveryCode.code.hint')}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={RECOVERY_CODE_MAX}
        />
        <div className="portal-actions">
          <button
            type="submit"
            className="portal-button portal-button--primary"
            disabled={!form.canSubmit}
            aria-busy={form.submitting}
          >
            {form.submitting ? t('signin.submitting') : t('signin.submit')}
          </button>
        </div>
      </form>
      <p>
        <a className="portal-link" href={back}>
          {t('recoveryCode.back')}
        </a>
      </p>
    </div>
  );
}

/** §8's "Invalid Login" for any refusal (the same whatever the cause), or "System error". */
function refusal(t: Translate, fieldName: string, system: boolean): PageError {
  return system
    ? { target: 'userId', fieldName, description: t('error.system'), errorHeader: t('error.system.title') }
    : { target: 'userId', fieldName, description: t('login.failed.next'), errorHeader: t('default.invalidLogin') };
}

/** The refusal of the form posted without the script, worded as the script words it (web/src/ssr.tsx only). */
export function recoveryCodePosted(t: Translate, { failure, fields = {} }: PostedForm): Omit<PostedForm, 'values'> {
  if (!failure) return { fieldErrors: fieldErrors(t, fields) };
  const label = t('signin.userId');
  return { page: failure === 'busy' ? busyError(t, 'userId', label) : refusal(t, label, failure === 'system') };
}
