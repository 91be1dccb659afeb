// New token PIN screen (spec §2 "New token PIN screen", §4 new PIN, §5 new-PIN rules, §8 new-PIN errors).
import {
  ErrorCodes,
  PASSCODE_LENGTH,
  PIN_LENGTH,
  PORTAL_FORM_ID,
  Paths,
  type PostedForm,
  type TokenUserInformation,
} from '@portal/contract';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { HttpError, call } from '../../api/client';
import { ErrorSummary } from '../../components/ErrorSummary';
import { PasswordField, TextField } from '../../components/Field';
import { SessionWarning } from '../../components/SessionWarning';
import { useFormScreen } from '../../components/use-form-screen';
import type { MessageKey, Translate } from '../../i18n/translator';
import { useHydrated } from '../../page/browser-value';
import { FIELDS, newPinErrors, type PinField } from './new-pin-rules';
import { usePage } from '../../page/page-context';
import { LOGOUT_NOTICE_ITEM } from '../../page/logout-notice';
import { logErrorStatement } from '../../page/report';
import { logoutAddress, useTokenUser } from '../../token/use-token-user';

/** A field of digits only (a PIN, a passcode). */
const DIGITS = { inputMode: 'numeric' as const, pattern: '[0-9]*', spellCheck: false };

/** §4: the new PIN is kept locally between the passcode sign-in and the PIN call, and sent at once if found at load. */
const STORED_PIN_ITEM = 'portal.newPin';

function useNewPinForm() {
  const { t } = usePage();
  const labels = { pin: t('newpin.pin'), confirm: t('newpin.confirm'), passcode: t('newpin.passcode') };
  const validate = useCallback((values: Record<PinField, string>) => newPinErrors(t, values), [t]);
  return useFormScreen({
    fields: FIELDS,
    labels,
    validate,
    title: t('page.title.new-rsa-pin-component'),
    focusFirstField: true,
  });
}

export function NewPinScreen() {
  const { t, cobrand } = usePage();
  const user = useTokenUser('newpin', cobrand.name);
  const sentStored = useRef(false);
  const form = useNewPinForm();
  const { fail } = form;

  /** Posts the PIN; §8: a refused PIN stays on the page, anything else ends the session. */
  const postPin = useCallback(
    async (info: TokenUserInformation, pin: string): Promise<void> => {
      try {
        await call(Paths.tokenPin(info.ldapId), { method: 'POST', json: { newPin: pin } });
        sessionStorage.removeItem(STORED_PIN_ITEM);
        // The logout screen then says the PIN is saved and how the next sign-in goes, not only "logged out".
        sessionStorage.setItem(LOGOUT_NOTICE_ITEM, t('logout.pinSaved'));
        location.assign(logoutAddress(cobrand.name));
      } catch (error) {
        sessionStorage.removeItem(STORED_PIN_ITEM);
        const status = error instanceof HttpError ? error.status : 0;
        const invalid =
          (status === 400 || status === 422) &&
          error instanceof HttpError &&
          error.body?.errors[0]?.code === ErrorCodes.pinInvalid;
        if (invalid) return fail({ fields: { pin: t('pin.invalid') }, keepValues: true });
        logErrorStatement(`new PIN failed: HTTP ${status || 'network'}`);
        sessionStorage.setItem(LOGOUT_NOTICE_ITEM, status === 503 ? t('error.appServerDown') : t('error.unexpected'));
        location.assign(logoutAddress(cobrand.name));
      }
    },
    [cobrand.name, t, fail],
  );

  useEffect(() => {
    const stored = sessionStorage.getItem(STORED_PIN_ITEM);
    if (user && stored && !sentStored.current) {
      sentStored.current = true;
      void postPin(user, stored);
    }
  }, [user, postPin]);

  if (!user) return null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!user || !form.start()) return;
    sessionStorage.setItem(STORED_PIN_ITEM, form.values.pin);
    try {
      await call(user.forwardFormEndpoint, {
        method: 'POST',
        form: { username: user.ldapId, 'login-form-type': 'token', password: form.values.passcode },
      });
    } catch {
      sessionStorage.removeItem(STORED_PIN_ITEM);
      return form.fail({ fields: { passcode: t('passcode.invalid') } });
    }
    await postPin(user, form.values.pin);
  }

  const digits = (id: PinField, maxLength: number) => ({ ...form.field(id, { digits: true }), ...DIGITS, maxLength });
  return (
    <div className="portal-new-pin">
      <h1 className="portal-heading">{t('newpin.heading')}</h1>
      <ErrorSummary errors={form.summary} revision={form.revision} />
      <Instructions />
      {/* Without an action it posts to this page's own address, which the service answers in one post (issue 33). */}
      <form id={PORTAL_FORM_ID} className="portal-form" method="post" noValidate onSubmit={onSubmit}>
        <PasswordField {...digits('pin', PIN_LENGTH)} autoComplete="off" />
        <PasswordField {...digits('confirm', PIN_LENGTH)} autoComplete="off" />
        <TextField {...digits('passcode', PASSCODE_LENGTH)} autoComplete="one-time-code" />
        <div className="portal-actions">
          <button type="submit" className="portal-button portal-button--primary" disabled={!form.canSubmit}>
            {t('newpin.save')}
          </button>
          <a className="portal-button portal-button--secondary" href={logoutAddress(cobrand.name)}>
            {t('newpin.cancel')}
          </a>
        </div>
      </form>
      <SessionWarning />
    </div>
  );
}

/** The service's findings on a form posted without the script, by code, as this screen's script words them. */
const POSTED_WORDS: Record<string, MessageKey> = {
  required: 'field.required',
  pinLength: 'newpin.pinLength',
  pinZero: 'newpin.pinZero',
  mismatch: 'newpin.mismatch',
  passcodeLength: 'newpin.passcodeLength',
};

/** §8's errors of the form posted without the script, worded; used by the service's renderer only (web/src/ssr.tsx). */
export function newPinPosted(t: Translate, { fields = {} }: PostedForm): Omit<PostedForm, 'values'> {
  // Refused by the service: the PIN (§8 "Invalid PIN"), or the passcode's sign-in, as the script words them.
  const refused: Record<string, MessageKey> = { pin: 'pin.invalid', passcode: 'passcode.invalid' };
  const word = (id: string, code: string) => (code === 'invalid' ? refused[id] : POSTED_WORDS[code]);
  const words = Object.entries(fields).map(([id, code]) => [id, word(id, code) ? t(word(id, code)!) : code]);
  return { fieldErrors: Object.fromEntries(words) };
}

/** §2: the collapsible instruction block with its HIDE link. */
function Instructions() {
  const { t } = usePage();
  const [showInstructions, setShowInstructions] = useState(true);
  // The toggle needs the script: without it the instructions simply show, and the toggle keeps its place hidden.
  const scripted = useHydrated();
  return (
    <div className="portal-instructions">
      <div className="portal-instructions__bar">
        <h2 className="portal-instructions__title" id="newpin-instructions-title">
          {t('newpin.instructionsTitle')}
        </h2>
        <button
          type="button"
          className={`portal-link-button${scripted ? '' : ' portal-toggle--waiting'}`}
          aria-expanded={showInstructions}
          aria-controls="newpin-instructions"
          // "HIDE" alone does not say what it hides; the name starts with the shown word (WCAG 2.5.3).
          aria-label={showInstructions ? t('newpin.hide.label') : t('newpin.show.label')}
          onClick={() => setShowInstructions(!showInstructions)}
        >
          {showInstructions ? t('newpin.hide') : t('newpin.show')}
        </button>
      </div>
      <p id="newpin-instructions" className="portal-instructions__body" hidden={!showInstructions}>
        {t('newpin.instructions')}
      </p>
    </div>
  );
}
