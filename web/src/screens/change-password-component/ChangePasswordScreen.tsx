// Change-password screen (spec §2 "Change password screen", §4 change password, §5, §8 change-password errors).
import { ErrorCodes, PASSWORD_RULES, Paths, passwordRuleResults, brokenPasswordRules, trimmed } from '@portal/contract';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { HttpError, call, getJson } from '../../api/client';
import { signIn } from '../../api/sign-in';
import { ErrorSummary } from '../../components/ErrorSummary';
import { PasswordField } from '../../components/Field';
import { SessionWarning } from '../../components/SessionWarning';
import { type FieldErrors } from '../../components/use-form';
import { useFormScreen } from '../../components/use-form-screen';
import { usePage } from '../../page/page-context';
import { logErrorStatement } from '../../page/report';
import { EC_ERRORS, EC_NOTICES, type ChangeField } from './change-password-rules';

const FIELDS: readonly ChangeField[] = ['old', 'new1', 'new2'];

export function ChangePasswordScreen() {
  const { t, cobrand, query } = usePage();
  const userId = sessionStorage.getItem('userId') ?? '';
  const myProfile = query.get('dest') === 'MyProfile';
  const logoutAddress = `${Paths.logout}?cobrandHost=${encodeURIComponent(cobrand.name)}`;
  const labels: Record<ChangeField, string> = {
    old: t('change.current'),
    new1: t('change.new'),
    new2: t('change.confirm'),
  };
  const [urls, setUrls] = useState<{ cancelPasswordReset: string; passwordResetProfile: string } | null>(null);
  const current = useRef<HTMLDivElement>(null);
  const notice = EC_NOTICES[query.get('ec') ?? ''];
  const ecError = EC_ERRORS[query.get('ec') ?? ''];

  const validate = useCallback(
    (values: Record<ChangeField, string>): FieldErrors<ChangeField> => {
      const errors: FieldErrors<ChangeField> = {};
      for (const field of FIELDS) if (!values[field]) errors[field] = t('field.required');
      if (values.new1 && trimmed(values.new1).toLowerCase() === userId.toLowerCase())
        errors.new1 = t('change.sameAsUserId');
      else if (values.new1 && brokenPasswordRules(trimmed(values.new1), userId).length)
        errors.new1 = t('change.construction');
      if (values.new1 && values.new2 && values.new1 !== values.new2) errors.new2 = t('change.mismatch');
      return errors;
    },
    [t, userId],
  );
  const form = useFormScreen({
    fields: FIELDS,
    labels,
    validate,
    title: t('page.title.change-password-component'),
    initialFieldErrors: ecError ? { [ecError.field]: t(ecError.key) } : {},
  });

  useEffect(() => {
    current.current?.querySelector('input')?.focus();
    getJson<{ cancelPasswordReset: string; passwordResetProfile: string }>(Paths.changePasswordServiceUrls)
      .then(setUrls)
      .catch(() => undefined);
  }, []);

  const leave = (profileAddress: keyof NonNullable<typeof urls>) =>
    location.assign(myProfile && urls ? urls[profileAddress] : logoutAddress);
  const rules = passwordRuleResults(trimmed(form.values.new1), userId);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.start()) return;
    const newPassword = trimmed(form.values.new1);
    try {
      await call(Paths.changePassword, {
        method: 'POST',
        json: { userId, oldCredential: trimmed(form.values.old), newCredential: newPassword },
      });
    } catch (error) {
      const item = error instanceof HttpError && error.status === 400 ? error.body?.errors[0] : undefined;
      if (item?.code === ErrorCodes.invalidCredentials) return form.fail({ fields: { old: item.message } });
      if (item?.code === ErrorCodes.passwordPolicy) return form.fail({ fields: { new1: t('change.construction') } });
      logErrorStatement(`change password failed: HTTP ${error instanceof HttpError ? error.status : 'network'}`);
      return leave('passwordResetProfile');
    }
    if (myProfile) return leave('cancelPasswordReset');
    try {
      location.assign(await signIn(userId, newPassword));
    } catch {
      location.assign(logoutAddress);
    }
  }

  const field = (id: ChangeField, autoComplete: string, extra?: string) => (
    <PasswordField
      id={id}
      label={labels[id]}
      value={form.values[id]}
      onValue={(v) => form.setValue(id, v)}
      onBlur={(e) => form.blur(id, e)}
      error={form.errors[id]}
      autoComplete={autoComplete}
      {...(extra ? { describedBy: extra } : {})}
    />
  );
  return (
    <div className="portal-change">
      <h1 className="portal-heading">{t('change.heading')}</h1>
      {notice && <p className="portal-change__notice">{t(notice)}</p>}
      <ErrorSummary errors={form.summary} revision={form.revision} />
      <form className="portal-form portal-change__form" noValidate onSubmit={onSubmit}>
        <div ref={current}>{field('old', 'current-password')}</div>
        <p className="portal-field__label" id="change-rules-title">
          {t('change.rulesTitle')}
        </p>
        <ul className="portal-rules" id="change-rules" aria-labelledby="change-rules-title">
          {PASSWORD_RULES.map((rule) => (
            <li key={rule} className={`portal-rules__item${rules[rule] ? ' portal-rules__item--met' : ''}`}>
              {t(`change.rule.${rule}`)}
              <span className="portal-visually-hidden">
                {' '}
                ({rules[rule] ? t('change.ruleMet') : t('change.ruleNotMet')})
              </span>
            </li>
          ))}
        </ul>
        {field('new1', 'new-password', 'change-rules')}
        {field('new2', 'new-password')}
        <div className="portal-actions">
          <button type="submit" className="portal-button portal-button--primary" disabled={form.submitting}>
            {form.submitting ? t('change.saving') : t('change.submit')}
          </button>
          <button
            type="button"
            className="portal-button portal-button--secondary"
            onClick={() => leave('cancelPasswordReset')}
          >
            {t('change.cancel')}
          </button>
        </div>
      </form>
      <SessionWarning />
    </div>
  );
}
