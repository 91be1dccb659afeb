// Sign-in screen (spec §2 "Sign-in screen", §4 sign-in states, §5 sign-in rules, §8 sign-in errors).
import {
  FORCE_REFRESH_MS,
  OutgoingLinks,
  PORTAL_FORM_ID as FORM_ID,
  RECOVERY_CODE_SCREEN,
  routePath,
  USER_ID_COOKIE,
  trimmed,
  type PostedForm,
  validateSignIn,
} from '@portal/contract';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { HttpError } from '../../api/client';
import { ErrorSummary, type PageError } from '../../components/ErrorSummary';
import { PasswordField, TextField } from '../../components/Field';
import { LanguageSelector } from '../../components/LanguageSelector';
import { type FieldErrors } from '../../components/use-form';
import { type Failure, useFormScreen } from '../../components/use-form-screen';
import type { Translate } from '../../i18n/translator';
import { usePage } from '../../page/page-context';
import { signIn } from '../../api/sign-in';
import { deleteCookie, readCookie, writeCookie } from '../../page/cookies';
import { signInHeading } from '../../page/sign-in-heading';
import { isBusy, oneRetryWhenBusy } from '../../api/busy-retry';
import { busyError } from '../../components/busy-error';
import { throttledError } from '../../components/throttled-error';
import { type PasskeyFailure, usePasskeySignIn } from './passkey-sign-in';

type SignInField = 'userId' | 'password';
const FIELDS: readonly SignInField[] = ['userId', 'password'];
/** §3 browser storage: the local item of the set-PIN header, removed on this page (§2). */
const SET_PIN_HEADER_ITEM = 'setPinHeader';

/** §5's sign-in rules' findings (contract's validateSignIn), worded. */
function fieldErrors(t: Translate, keys: Partial<Record<string, string>>): FieldErrors<SignInField> {
  const errors: FieldErrors<SignInField> = {};
  for (const field of FIELDS)
    if (keys[field]) errors[field] = t(keys[field] === 'required' ? 'field.required' : 'field.tooLong');
  return errors;
}

/** `tokenStep`: after single sign-on, the second field is the passcode (PIN and token code), not a password. */
function useSignInForm(heading: string, remembered: string, tokenStep: boolean) {
  const { t, query } = usePage();
  const password = t(tokenStep ? 'signin.passcode' : 'signin.password');
  const labels: Record<SignInField, string> = { userId: t('signin.userId'), password };
  const validate = useCallback((values: Record<SignInField, string>) => fieldErrors(t, validateSignIn(values)), [t]);
  const form = useFormScreen({
    fields: FIELDS,
    labels,
    validate,
    title: heading,
    initialPageError: query.get('invalidLogin') === 'true' ? signInError(t, labels.userId, false) : null,
    initialValues: { userId: remembered },
    focusFirstField: true,
  });
  return { form, labels };
}

/** Where single sign-on stands for this page, and the heading that goes with it. */
function useSsoState() {
  const { t, cobrand, query } = usePage();
  // A refused single sign-on comes back here: going to the provider again at once would loop.
  const sso = cobrand.fssoRedirectUrl;
  const ssoRefused = Boolean(sso) && query.get('invalidLogin') === 'true';
  // A token user the provider has signed in comes back for the token step: their user ID is given, the passcode asked.
  const tokenStepFor = sso ? query.get('ssoStep') === 'token' && query.get('userId') : null;
  const heading = tokenStepFor ? t('signin.tokenStep.heading') : signInHeading(t, cobrand);
  return { sso, ssoRefused, tokenStepFor, heading };
}

/** §3's `user_id` cookie as the user chose; the token step offers no choice, and what the device holds stays. */
function keepUserId(userId: string, remember: boolean | null): void {
  if (remember) writeCookie(USER_ID_COOKIE, userId);
  else if (remember === false) deleteCookie(USER_ID_COOKIE);
}

/** The second field: a password, or at the token step the passcode (PIN and token code), with what makes it up. */
const secretField = (t: Translate, tokenStep: boolean) =>
  tokenStep ? { hint: t('signin.passcode.hint'), autoComplete: 'one-time-code' } : { autoComplete: 'current-password' };

export function SignInScreen() {
  const { t, cobrand, posted } = usePage();
  const { sso, ssoRefused, tokenStepFor, heading } = useSsoState();
  // On the service, which has no document, the remembered user ID is the one it read from the cookie and wrote in.
  const [remembered] = useState(() => readCookie(USER_ID_COOKIE) ?? posted?.values.userId ?? '');
  const [remember, setRemember] = useState(remembered !== '');
  const { form, labels } = useSignInForm(heading, tokenStepFor || remembered, Boolean(tokenStepFor));
  // Refused for load, the screen says so and tries once more by itself (api/busy-retry.ts), the button still busy.
  const [retrying, setRetrying] = useState(false);
  const offersPasskeys = (cobrand.passkeys ?? 'off') !== 'off' && !sso;
  const passkey = usePasskeyOnForm(offersPasskeys, form.fail);

  // §2's reload after the force-refresh period waits while a field holds something: it would lose what was typed.
  const typed = useRef(false);
  typed.current = form.values.password !== '' || form.values.userId !== remembered;
  useEffect(() => {
    if (sso && !ssoRefused && !tokenStepFor) location.replace(sso);
    localStorage.removeItem(SET_PIN_HEADER_ITEM);
    let refresh = 0;
    const due = (wait: number) =>
      (refresh = window.setTimeout(() => (typed.current ? due(60_000) : location.reload()), wait));
    due(FORCE_REFRESH_MS);
    return () => window.clearTimeout(refresh);
  }, [sso, ssoRefused, tokenStepFor]);

  if (sso && ssoRefused) return <SsoRefused heading={heading} retry={sso} />;
  if (sso && !tokenStepFor) return <p className="portal-status">{t('signin.redirectingSso')}</p>;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.start()) return;
    const userId = trimmed(form.values.userId);
    sessionStorage.setItem('userId', userId);
    const password = trimmed(form.values.password);
    try {
      const send = () => signIn(userId, password, cobrand.name, Boolean(tokenStepFor));
      const next = await oneRetryWhenBusy(send, { onBusy: () => setRetrying(true) });
      keepUserId(userId, tokenStepFor ? null : remember);
      location.assign(next);
    } catch (error) {
      setRetrying(false);
      form.fail(signInFailure(t, labels.userId, error));
    }
  }

  return (
    <div className="portal-signin">
      <h1 className="portal-heading">{heading}</h1>
      {cobrand.warningMessage && <p className="portal-notice">{cobrand.warningMessage}</p>}
      {tokenStepFor && <p className="portal-signin__token-intro">{t('signin.tokenStep.intro', cobrand.appName)}</p>}
      <ErrorSummary errors={form.summary} revision={form.revision} />
      {retrying && (
        <p className="portal-status portal-signin__busy" role="status">
          {t('signin.busy.retrying')}
        </p>
      )}
      <p className="portal-hint portal-signin__required-note">{t('signin.requiredNote')}</p>
      {/* Without an action it posts to this page's own address, which the service answers (issue 33). */}
      <form id={FORM_ID} className="portal-form portal-signin__form" method="post" noValidate onSubmit={onSubmit}>
        <TextField
          {...form.field('userId')}
          readOnly={Boolean(tokenStepFor)}
          // The passkeys of this site are offered among the field's suggestions (WebAuthn's conditional mediation).
          autoComplete={offersPasskeys ? 'username webauthn' : 'username'}
          autoCapitalize="none"
          spellCheck={false}
        />
        <PasswordField {...form.field('password')} {...secretField(t, Boolean(tokenStepFor))} />
        {!tokenStepFor && <RememberUserId checked={remember} onChange={setRemember} />}
        <button
          type="submit"
          className="portal-button portal-button--primary portal-signin__submit"
          disabled={!form.canSubmit}
          aria-busy={form.submitting}
        >
          {form.submitting ? t('signin.submitting') : (cobrand.signInButtonLabel ?? t('signin.submit'))}
        </button>
      </form>
      {/* Drawn with the page and kept hidden until the script finds passkeys here: showing it moves nothing. */}
      {offersPasskeys && <PasskeyButton shown={passkey.button} busy={passkey.busy} press={passkey.press} />}
      {/* The provider has the user's password: its recovery and the registration links do not apply to this step. */}
      {!tokenStepFor && <SignInLinks />}
      <LanguageSelector />
    </div>
  );
}

/** What a sign-in that did not sign in shows (§8), named after the user ID field. */
function signInFailure(t: Translate, label: string, error: unknown): Failure<SignInField> {
  // Refused twice for load: nothing was tried, so what was typed stays for the user to send again.
  if (isBusy(error)) return { page: busyError(t, 'userId', label), keepValues: true };
  // Held back by the throttle, nothing was tried either: said as what it is, with the wait the service asked for.
  if (error instanceof HttpError && error.status === 429)
    return { page: throttledError(t, 'userId', label, error.retryAfter), keepValues: true };
  return { page: signInError(t, label, !(error instanceof HttpError) || error.status >= 500) };
}

/** §8's invalid login after a refused single sign-on, with the way back to the bank's sign-in page. */
function SsoRefused({ heading, retry }: { heading: string; retry: string }) {
  const { t } = usePage();
  const [errors] = useState(() => [{ ...signInError(t, heading, false), target: 'sso-retry' }]);
  return (
    <div className="portal-signin">
      <h1 className="portal-heading">{heading}</h1>
      <ErrorSummary errors={errors} revision={1} />
      <p>
        <a id="sso-retry" className="portal-link" href={retry}>
          {t('standin.return')}
        </a>
      </p>
      <LanguageSelector />
    </div>
  );
}

/** §3's `user_id` cookie as an opt-in: off unless the user ticks it, as a shared computer needs. */
function RememberUserId({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = usePage();
  return (
    <div className="portal-checkbox">
      <input
        type="checkbox"
        id="rememberUserId"
        name="rememberUserId"
        className="portal-checkbox__input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby="rememberUserId-hint"
      />
      <label htmlFor="rememberUserId" className="portal-checkbox__label">
        {t('signin.rememberUserId')}
      </label>
      <p id="rememberUserId-hint" className="portal-checkbox__hint">
        {t('signin.rememberUserId.hint')}
      </p>
    </div>
  );
}

/** §2's links of the sign-in page, each carrying the cobrand and language (§7's outgoing links). */
function SignInLinks() {
  const { t, cobrand, locale } = usePage();
  const linkQuery = (nwflow: boolean) =>
    `?${new URLSearchParams({ cobrandHost: cobrand.name, locale, ...(nwflow ? { nwflow: '1' } : {}) })}`;
  return (
    <nav className="portal-signin__links" aria-label={t('signin.otherActions')}>
      <ul className="portal-link-list">
        <li>
          <a className="portal-link" href={`${OutgoingLinks.forgotPassword}${linkQuery(true)}`}>
            {t('signin.forgotPassword')}
          </a>
        </li>
        <li>
          <a className="portal-link" href={`${OutgoingLinks.cardholderSelfService}${linkQuery(true)}`}>
            {t('signin.cardholderRegistration')}
          </a>
        </li>
        {cobrand.companySelfRegisterSupported && (
          <li>
            <a className="portal-link" href={`${OutgoingLinks.companyRegistration}${linkQuery(true)}`}>
              {t('signin.companyRegistration')}
            </a>
          </li>
        )}
        {/* A token user who has lost the token signs in with a recovery code instead (issue 35). */}
        {(cobrand.recoveryCodes ?? 'off') !== 'off' && (
          <li>
            <a className="portal-link" href={`${routePath(RECOVERY_CODE_SCREEN)}${linkQuery(false)}`}>
              {t('signin.useRecoveryCode')}
            </a>
          </li>
        )}
        {cobrand.prospectiveAccountApplicationSupported && (
          <li>
            <a className="portal-link" href={`${OutgoingLinks.newAccountApplication}${linkQuery(false)}`}>
              {t('signin.newAccountApplication')}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

/**
 * §8's page error the service decided for the form posted without the script, worded as the script words it: used by
 * the service's renderer only (web/src/ssr.tsx), so the page's script does not carry it.
 */
export function signInPosted(t: Translate, { failure, fields = {} }: PostedForm): Omit<PostedForm, 'values'> {
  if (!failure) return { fieldErrors: fieldErrors(t, fields) };
  const label = t('signin.userId');
  return { page: failure === 'busy' ? busyError(t, 'userId', label) : signInError(t, label, failure === 'system') };
}

const PASSKEY_BUTTON = 'passkey-sign-in';

/** The passkey sign-in of a form whose failures show in its error summary, what was typed kept. */
function usePasskeyOnForm(offered: boolean, fail: (failure: { page: PageError; keepValues: true }) => void) {
  const { t } = usePage();
  // A new handler each render is fine: the hook reads the latest when a ceremony ends, and starts none for it.
  return usePasskeySignIn(offered, (failure: PasskeyFailure) =>
    fail({ page: passkeyError(t, failure), keepValues: true }),
  );
}

/** For a device whose browser offers no passkeys in the field's suggestions; shown only by the page's script. */
function PasskeyButton({ shown, busy, press }: { shown: boolean; busy: boolean; press: () => Promise<void> }) {
  const { t } = usePage();
  return (
    <button
      type="button"
      id={PASSKEY_BUTTON}
      className={`portal-button portal-button--secondary portal-signin__passkey${shown ? '' : ' portal-toggle--waiting'}`}
      onClick={() => void press()}
      aria-busy={busy}
    >
      {t('signin.passkey.submit')}
    </button>
  );
}

/** A passkey sign-in that did not sign in, named after the button (which the summary's link focuses). */
function passkeyError(t: Translate, failure: PasskeyFailure): PageError {
  const fieldName = t('signin.passkey.submit');
  if (failure.kind === 'throttled') return throttledError(t, PASSKEY_BUTTON, fieldName, failure.retryAfter ?? null);
  if (failure.kind === 'system')
    return { target: PASSKEY_BUTTON, fieldName, description: t('error.system'), errorHeader: t('error.system.title') };
  const refused = failure.kind === 'refused';
  const description = t(refused ? 'signin.passkey.refused' : 'signin.passkey.cancelled');
  return {
    target: PASSKEY_BUTTON,
    fieldName,
    description,
    errorHeader: refused ? t('default.invalidLogin') : undefined,
  };
}

/**
 * §8's page errors of sign-in: "Invalid Login", or "System error" for a 500 or no answer at all. §8's login-failed
 * message begins with "Invalid Login." itself, which the summary's heading already says: its link says the rest.
 */
function signInError(t: Translate, fieldName: string, system: boolean): PageError {
  return system
    ? { target: 'userId', fieldName, description: t('error.system'), errorHeader: t('error.system.title') }
    : { target: 'userId', fieldName, description: t('login.failed.next'), errorHeader: t('default.invalidLogin') };
}
