// Change-password screen (spec §2 "Change password screen", §4 change password, §5, §8 change-password errors).
import { ErrorCodes, PORTAL_FORM_ID, Paths, trimmed, type PostedForm } from '@portal/contract';
import { PASSWORD_RULES, passwordRuleResults } from '@portal/contract/password-rules';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { isBusy, oneRetryWhenBusy } from '../../api/busy-retry';
import { HttpError, call, getJson } from '../../api/client';
import { signIn } from '../../api/sign-in';
import { busyError } from '../../components/busy-error';
import { ErrorSummary } from '../../components/ErrorSummary';
import { PasswordField } from '../../components/Field';
import { SessionWarning } from '../../components/SessionWarning';
import { useFormScreen } from '../../components/use-form-screen';
import type { MessageKey, Translate } from '../../i18n/translator';
import { useBrowserValue } from '../../page/browser-value';
import { usePage } from '../../page/page-context';
import { logErrorStatement } from '../../page/report';
import { changePasswordErrors, EC_ERRORS, EC_NOTICES, FIELDS, type ChangeField } from './change-password-rules';

function useChangePasswordForm(userId: string, ec: string) {
  const { t } = usePage();
  const labels = { old: t('change.current'), new1: t('change.new'), new2: t('change.confirm') };
  const ecError = EC_ERRORS[ec];
  const validate = useCallback(
    (values: Record<ChangeField, string>) => changePasswordErrors(t, userId, values),
    [t, userId],
  );
  return useFormScreen({
    fields: FIELDS,
    labels,
    validate,
    title: t('page.title.change-password-component'),
    initialFieldErrors: ecError ? { [ecError.field]: t(ecError.key) } : {},
    // §2: on load, focus goes to the current password.
    focusFirstField: true,
  });
}

export function ChangePasswordScreen() {
  const { t, cobrand, query, posted } = usePage();
  const userId = useBrowserValue(() => sessionStorage.getItem('userId') ?? '', '');
  const myProfile = query.get('dest') === 'MyProfile';
  const { leave, logoutAddress } = useLeaving(myProfile, cobrand.name);
  const notice = EC_NOTICES[query.get('ec') ?? ''];
  const form = useChangePasswordForm(userId, query.get('ec') ?? '');
  // Answered again after a post without the script: the lines as the password sent met them, until the user types.
  const rules = ruleResults(form.values.new1, userId, posted?.rules);
  // What only the service can check, as it last answered: the password history and the list of common passwords.
  const [refused, setRefused] = useState<readonly string[]>(() =>
    CHECKED_ON_SAVE.filter((rule) => posted?.rules?.[rule] === false),
  );
  const [forgetOthers, setForgetOthers] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.start()) return;
    const newPassword = trimmed(form.values.new1);
    try {
      await call(Paths.changePassword, {
        method: 'POST',
        json: {
          ...{ userId, oldCredential: trimmed(form.values.old), newCredential: newPassword },
          ...(forgetOthers ? { forgetOtherDevices: true } : {}),
        },
      });
    } catch (error) {
      // Refused for load, nothing was checked or changed: not a wrong password, and the fields stay to send again.
      if (isBusy(error)) return form.fail({ page: busyError(t, 'old', t('change.current')), keepValues: true });
      const item = error instanceof HttpError && error.status === 400 ? error.body?.errors[0] : undefined;
      if (item?.code === ErrorCodes.invalidCredentials) return form.fail({ fields: { old: item.message } });
      if (item?.code === ErrorCodes.passwordPolicy) {
        setRefused(item.params ?? []);
        return form.fail({ fields: { new1: policyMessage(t, item.params) }, keep: ['old'] });
      }
      logErrorStatement(`change password failed: HTTP ${error instanceof HttpError ? error.status : 'network'}`);
      return leave('passwordResetProfile');
    }
    if (myProfile) return leave('cancelPasswordReset');
    try {
      // The password is changed; a sign-in with it refused for load is tried once more, as the sign-in screen does.
      const again = () => signIn(userId, newPassword, cobrand.name);
      location.assign(await oneRetryWhenBusy(again, { onBusy: () => undefined }));
    } catch {
      location.assign(logoutAddress);
    }
  }

  return (
    <div className="portal-change">
      <h1 className="portal-heading">{t('change.heading')}</h1>
      {notice && (
        <p className="portal-change__notice" id="change-notice">
          {t(notice)}
        </p>
      )}
      <ErrorSummary errors={form.summary} revision={form.revision} />
      {/* Without an action it posts to this page's own address, which the service answers (issue 33). */}
      <form
        id={PORTAL_FORM_ID}
        className="portal-form portal-change__form"
        method="post"
        noValidate
        onSubmit={onSubmit}
      >
        <PasswordField
          {...form.field('old')}
          autoComplete="current-password"
          describedBy={notice ? 'change-notice' : undefined}
        />
        <RuleLines rules={rules} refused={refused} />
        <PasswordField {...form.field('new1')} autoComplete="new-password" describedBy="change-rules" />
        <PasswordField {...form.field('new2')} autoComplete="new-password" />
        <ForgetOtherDevices checked={forgetOthers} onChange={setForgetOthers} />
        <div className="portal-actions">
          <button type="submit" className="portal-button portal-button--primary" disabled={!form.canSubmit}>
            {form.submitting ? t('change.saving') : t('change.submit')}
          </button>
          <CancelButton onCancel={() => leave('cancelPasswordReset')} />
        </div>
      </form>
      <SessionWarning />
    </div>
  );
}

/** Issue 35's question at a password change: whether the account's other trusted browsers are forgotten too. */
function ForgetOtherDevices({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = usePage();
  return (
    <div className="portal-checkbox">
      <input
        type="checkbox"
        id="forgetOtherDevices"
        name="forgetOtherDevices"
        value="1"
        className="portal-checkbox__input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby="forgetOtherDevices-hint"
      />
      <label htmlFor="forgetOtherDevices" className="portal-checkbox__label">
        {t('change.forgetOtherDevices')}
      </label>
      <p id="forgetOtherDevices-hint" className="portal-checkbox__hint">
        {t('change.forgetOtherDevices.hint')}
      </p>
    </div>
  );
}

/** Cancel: without the script, a post the service answers by sending the user away as the script does. */
function CancelButton({ onCancel }: { onCancel: () => void }) {
  const { t } = usePage();
  return (
    <button
      type="submit"
      name="cancel"
      value="1"
      formNoValidate
      className="portal-button portal-button--secondary"
      onClick={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {t('change.cancel')}
    </button>
  );
}

/** The service's findings on a form posted without the script, by code, as this screen's script words them. */
const POSTED_WORDS: Record<string, MessageKey> = {
  required: 'field.required',
  sameAsUserId: 'change.sameAsUserId',
  construction: 'change.construction',
  mismatch: 'change.mismatch',
  invalid: 'password.current.invalid',
  history: 'change.refused.history',
  common: 'change.refused.common',
  breached: 'change.refused.breached',
};

/** §8's errors of the form posted without the script, worded; used by the service's renderer only (web/src/ssr.tsx). */
export function changePosted(t: Translate, { fields = {}, failure }: PostedForm): Omit<PostedForm, 'values'> {
  if (failure) return { page: busyError(t, 'old', t('change.current')) };
  const words = Object.entries(fields).map(([id, code]) => [id, POSTED_WORDS[code] ? t(POSTED_WORDS[code]) : code]);
  return { fieldErrors: Object.fromEntries(words) };
}

/**
 * The rules the typed password meets; nothing is met before anything is typed, unless the page is the answer to a
 * post without the script (`sent`: the rules as the password sent met them, which is not sent back).
 */
function ruleResults(typed: string, userId: string, sent?: Record<string, boolean>) {
  const rules = passwordRuleResults(trimmed(typed), userId);
  if (!typed) for (const rule of PASSWORD_RULES) rules[rule] = sent?.[rule] ?? false;
  return rules;
}

/** Why the service refused a new password: the rule only it checks, named, else the rules in general. */
function policyMessage(t: Translate, broken: readonly string[] = []): string {
  if (broken.includes('history')) return t('change.refused.history');
  if (broken.includes('common')) return t('change.refused.common');
  if (broken.includes('breached')) return t('change.refused.breached');
  return t('change.construction');
}

const CHECKED_ON_SAVE = ['history', 'common'] as const;

/** A password known from a breach breaks the line on passwords many people use: the refusal names the breach. */
const isRefused = (refused: readonly string[], rule: (typeof CHECKED_ON_SAVE)[number]) =>
  refused.includes(rule) || (rule === 'common' && refused.includes('breached'));

/**
 * The rule lines (§2): the four the browser checks, ticked as the new password meets each and read out as "met" or
 * "not met"; then the two only the service can check, never ticked early, marked once it refused one.
 */
function RuleLines({ rules, refused }: { rules: ReturnType<typeof passwordRuleResults>; refused: readonly string[] }) {
  const { t } = usePage();
  const line = (key: string, met: boolean, state: string) => (
    <li key={key} className={`portal-rules__item${met ? ' portal-rules__item--met' : ''}`}>
      {t(`change.rule.${key}` as MessageKey)}
      <span className="portal-visually-hidden"> ({state})</span>
    </li>
  );
  return (
    <>
      <p className="portal-field__label" id="change-rules-title">
        {t('change.rulesTitle')}
      </p>
      <ul className="portal-rules" id="change-rules" aria-labelledby="change-rules-title">
        {PASSWORD_RULES.map((rule) => line(rule, rules[rule], t(rules[rule] ? 'change.ruleMet' : 'change.ruleNotMet')))}
        {CHECKED_ON_SAVE.map((rule) =>
          line(rule, false, t(isRefused(refused, rule) ? 'change.ruleNotMet' : 'change.ruleChecked')),
        )}
      </ul>
    </>
  );
}

type Addresses = { cancelPasswordReset: string; passwordResetProfile: string };

/** Where the screen sends the user away (§4): the profile's addresses for MyProfile, else the logout address. */
function useLeaving(myProfile: boolean, cobrand: string) {
  const [urls, setUrls] = useState<Addresses | null>(null);
  useEffect(() => {
    getJson<Addresses>(Paths.changePasswordServiceUrls)
      .then(setUrls)
      .catch(() => undefined);
  }, []);
  const logoutAddress = `${Paths.logout}?cobrandHost=${encodeURIComponent(cobrand)}`;
  const leave = (address: keyof Addresses) => location.assign(myProfile && urls ? urls[address] : logoutAddress);
  return { leave, logoutAddress };
}
