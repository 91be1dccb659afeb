// Forgot-password screen (spec §2 "Forgot-password screen", §4 forgot password, §5, §8 forgot-password errors).
import { PORTAL_FORM_ID, Paths, routePath, trimmed, type PostedForm } from '@portal/contract';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { isBusy } from '../../api/busy-retry';
import { HttpError, call } from '../../api/client';
import { busyError } from '../../components/busy-error';
import { ErrorSummary, type PageError } from '../../components/ErrorSummary';
import { PasswordField, TextField } from '../../components/Field';
import type { Translate } from '../../i18n/translator';
import { type FieldErrors } from '../../components/use-form';
import { useFormScreen } from '../../components/use-form-screen';
import { useBrowserValue } from '../../page/browser-value';
import { usePage } from '../../page/page-context';
import { logErrorStatement } from '../../page/report';
import { moveFocus } from '../../components/move-focus';

type Step = 'userId' | 'question' | 'sent';
interface Question {
  questionId: string;
  questionText: string;
}

/** Where a form posted without the script left the steps (issue 33): the service answered the next one. */
function postedStep(posted: PostedForm | undefined) {
  const { step = 'userId', userId = '', questionId, questionText = '' } = posted?.values ?? {};
  return { step: step as Step, userId, question: questionId ? { questionId, questionText } : null };
}

/**
 * §8's errors of a form posted without the script, worded as the script words them; used by the service's renderer
 * only (web/src/ssr.tsx).
 */
export function forgotPosted(t: Translate, { values, fields = {}, failure }: PostedForm): Omit<PostedForm, 'values'> {
  const field = values.questionId ? 'answer' : 'userId';
  if (failure === 'busy')
    return { page: busyError(t, field, t(field === 'answer' ? 'forgot.answer' : 'signin.userId')) };
  if (failure) return { fieldErrors: { [field]: t('error.system') } };
  const words = { required: t('field.required'), tooLong: t('field.tooLong') } as Record<string, string>;
  return { fieldErrors: Object.fromEntries(Object.entries(fields).map(([id, code]) => [id, words[code] ?? code])) };
}

export function ForgotPasswordScreen() {
  const { t, cobrand, posted } = usePage();
  const [start] = useState(() => postedStep(posted));
  const [step, setStep] = useState<Step>(start.step);
  const [userId, setUserId] = useState(start.userId);
  const [question, setQuestion] = useState<Question | null>(start.question);
  const heading = useRef<HTMLHeadingElement>(null);
  const signInHome = `${routePath('login-signin-component')}?cobrandHost=${encodeURIComponent(cobrand.name)}`;

  // Each step announces itself: focus moves to its heading (but to the error summary on a page answered with errors).
  const opensOnErrors = useRef(Boolean(posted?.page) || Object.keys(posted?.fieldErrors ?? {}).length > 0);
  useEffect(() => {
    if (step !== 'userId' && !opensOnErrors.current) moveFocus(heading.current);
    opensOnErrors.current = false;
  }, [step]);

  const cancel = (
    <a className="portal-button portal-button--secondary portal-forgot__cancel" href={signInHome}>
      {t('forgot.cancel')}
    </a>
  );
  const asked = (id: string, asked: Question) => {
    setUserId(id);
    setQuestion(asked);
    setStep('question');
  };
  return (
    <div className="portal-forgot">
      <h1 className="portal-heading" ref={heading} tabIndex={-1}>
        {step === 'sent' ? t('forgot.sentHeading') : t('forgot.heading')}
      </h1>
      {step === 'userId' && <UserIdStep onAsked={asked} actions={cancel} />}
      {step === 'question' && question && (
        <AnswerStep userId={userId} question={question} onSent={() => setStep('sent')} actions={cancel} />
      )}
      {step === 'sent' && (
        <>
          <p className="portal-forgot__sent" role="status">
            {t('forgot.sent')}
          </p>
          <a className="portal-button portal-button--primary portal-forgot__return" href={signInHome}>
            {t('forgot.returnToLogin')}
          </a>
        </>
      )}
      <div className="portal-forgot__notes portal-hint">
        <p>{t('forgot.activeOnly')}</p>
        <p>{t('forgot.notFirstLogin')}</p>
      </div>
    </div>
  );
}

/**
 * One step's form: one required field, submitted through `work`. §8: on failure the service's message shows on the
 * field, and without one the field is just focused; the answer is emptied, the user ID kept.
 */
function useStep<K extends string>(field: K, label: string, keepValue: boolean, initialValue = '') {
  const { t } = usePage();
  const validate = useCallback(
    (values: Record<K, string>) => (trimmed(values[field]) ? {} : { [field]: t('field.required') }) as FieldErrors<K>,
    [t, field],
  );
  const form = useFormScreen<K>({
    fields: [field],
    labels: { [field]: label } as Record<K, string>,
    validate,
    title: t('page.title.forgot-password-component'),
    initialValues: { [field]: initialValue } as Partial<Record<K, string>>,
    // The first step's field; later steps start on their heading.
    focusFirstField: field === 'userId',
  });
  // A page the service rendered learns the stored user ID only once it runs in the browser.
  const { setValue } = form;
  const empty = !form.values[field];
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !initialValue) return;
    // Once, when the stored value arrives; a field emptied afterwards stays empty.
    prefilled.current = true;
    if (empty) setValue(field, initialValue);
  }, [initialValue, empty, field, setValue]);
  const submit = (work: (value: string) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    if (!form.start()) return;
    try {
      await work(form.values[field]);
    } catch (error) {
      // Refused for load, nothing was checked: not a wrong answer, and what was typed stays to send again.
      if (isBusy(error)) return form.fail({ page: busyError(t, field, label), keepValues: true });
      const status = error instanceof HttpError ? error.status : 0;
      // A failure of the service (not a refusal of what was typed) is reported, as the PIN and password calls do.
      if (status === 0 || status >= 500)
        logErrorStatement(`forgot password (${field}) failed: HTTP ${status || 'network'}`);
      const message = error instanceof HttpError ? (error.body?.errors[0]?.message ?? null) : t('error.system');
      form.fail({ ...(message ? { fields: { [field]: message } as FieldErrors<K> } : {}), keepValues: keepValue });
      if (!message) document.getElementById(field)?.focus();
    }
  };
  return { form, submit };
}

interface StepFormProps {
  form: { summary: PageError[]; revision: number; canSubmit: boolean };
  onSubmit: (event: FormEvent) => Promise<void>;
  intro: ReactNode;
  children: ReactNode;
  actions: ReactNode;
}

/** The layout both steps share: the error summary, the intro, the field, Continue and Cancel. */
function StepForm({ form, onSubmit, intro, children, actions }: StepFormProps) {
  const { t } = usePage();
  return (
    <>
      <ErrorSummary errors={form.summary} revision={form.revision} />
      {/* Without an action it posts to this page's own address, which the service answers (issue 33). */}
      <form
        id={PORTAL_FORM_ID}
        className="portal-form portal-forgot__form"
        method="post"
        noValidate
        onSubmit={onSubmit}
      >
        {intro}
        {children}
        <div className="portal-actions">
          <button type="submit" className="portal-button portal-button--primary" disabled={!form.canSubmit}>
            {t('forgot.continue')}
          </button>
          {actions}
        </div>
      </form>
    </>
  );
}

/** Step 1: the user ID, whose question is then fetched. */
function UserIdStep({
  onAsked,
  actions,
}: {
  onAsked: (userId: string, question: Question) => void;
  actions: ReactNode;
}) {
  const { t, locale, cobrand } = usePage();
  const stored = useBrowserValue(() => sessionStorage.getItem('userId') ?? '', '');
  const { form, submit } = useStep('userId', t('signin.userId'), true, stored);
  const ask = submit(async (value) => {
    const userId = trimmed(value);
    const response = await call(Paths.securityQuestions, {
      method: 'POST',
      json: { userId, locale, cobrandName: cobrand.name },
    });
    onAsked(userId, (await response.json()) as Question);
  });
  const intro = <p className="portal-hint">{t('forgot.userIdIntro')}</p>;
  return (
    <StepForm form={form} onSubmit={ask} intro={intro} actions={actions}>
      <TextField {...form.field('userId')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
    </StepForm>
  );
}

interface AnswerStepProps {
  userId: string;
  question: Question;
  onSent: () => void;
  actions: ReactNode;
}

/** Step 2: the answer to the user's question, which asks for the temporary password. */
function AnswerStep({ userId, question, onSent, actions }: AnswerStepProps) {
  const { t, locale, cobrand } = usePage();
  const { form, submit } = useStep('answer', t('forgot.answer'), false);
  const send = submit(async (answer) => {
    const securityQuestionSTO = { ...question, questionResponse: answer };
    await call(Paths.temporaryPasswords, {
      method: 'POST',
      json: { userId, locale, cobrandName: cobrand.name, securityQuestionSTO },
    });
    onSent();
  });
  const intro = (
    <>
      <p className="portal-hint">{t('forgot.questionIntro')}</p>
      <p className="portal-forgot__question" id="answer-question">
        {question.questionText}
      </p>
    </>
  );
  return (
    <StepForm form={form} onSubmit={send} intro={intro} actions={actions}>
      {/* What the service needs of step 1 when the form posts without the script. */}
      <input type="hidden" name="userId" defaultValue={userId} />
      <input type="hidden" name="questionId" defaultValue={question.questionId} />
      <input type="hidden" name="questionText" defaultValue={question.questionText} />
      <PasswordField {...form.field('answer')} describedBy="answer-question" autoComplete="off" />
    </StepForm>
  );
}
