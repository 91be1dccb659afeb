// Forgot-password screen (spec §2 "Forgot-password screen", §4 forgot password, §5, §8 forgot-password errors).
import { Paths, routePath, trimmed } from '@portal/contract';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { HttpError, call } from '../../api/client';
import { ErrorSummary } from '../../components/ErrorSummary';
import { PasswordField, TextField } from '../../components/Field';
import { type FieldErrors } from '../../components/use-form';
import { useFormScreen } from '../../components/use-form-screen';
import { usePage } from '../../page/page-context';

type Step = 'userId' | 'question' | 'sent';
interface Question {
  questionId: string;
  questionText: string;
}

export function ForgotPasswordScreen() {
  const { t, cobrand } = usePage();
  const [step, setStep] = useState<Step>('userId');
  const [userId, setUserId] = useState('');
  const [question, setQuestion] = useState<Question | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const signInHome = `${routePath('login-signin-component')}?cobrandHost=${encodeURIComponent(cobrand.name)}`;

  // Each step announces itself: focus moves to its heading.
  useEffect(() => {
    if (step !== 'userId') heading.current?.focus();
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

/** §8: a server error shows on the field from errors[0].message; without one the field is just focused. */
function useServerError(): (error: unknown) => string | null {
  const { t } = usePage();
  return (error) => (error instanceof HttpError ? (error.body?.errors[0]?.message ?? null) : t('error.system'));
}

/** Fails a step: the service's message on the field, or, without one, the field focused and nothing shown. */
function failOn<K extends string>(
  form: ReturnType<typeof useFormScreen<K>>,
  field: K,
  message: string | null,
  keepValues: boolean,
) {
  if (message) return form.fail({ fields: { [field]: message } as FieldErrors<K>, keepValues });
  form.fail({ keepValues });
  document.getElementById(field)?.focus();
}

/** Step 1: the user ID, whose question is then fetched. */
function UserIdStep({
  onAsked,
  actions,
}: {
  onAsked: (userId: string, question: Question) => void;
  actions: ReactNode;
}) {
  const { t, locale } = usePage();
  const label = t('signin.userId');
  const validate = useCallback(
    (v: Record<'userId', string>): FieldErrors<'userId'> => (trimmed(v.userId) ? {} : { userId: t('field.required') }),
    [t],
  );
  const form = useFormScreen({
    fields: ['userId'] as const,
    labels: { userId: label },
    validate,
    title: t('page.title.forgot-password-component'),
    initialValues: { userId: sessionStorage.getItem('userId') ?? '' },
  });
  const serverError = useServerError();

  async function askQuestion(event: FormEvent) {
    event.preventDefault();
    if (!form.start()) return;
    const id = trimmed(form.values.userId);
    try {
      const response = await call(Paths.securityQuestions, { method: 'POST', json: { userId: id, locale } });
      onAsked(id, (await response.json()) as Question);
    } catch (e) {
      failOn(form, 'userId', serverError(e), true);
    }
  }

  return (
    <>
      <ErrorSummary errors={form.summary} revision={form.revision} />
      <form className="portal-form portal-forgot__form" noValidate onSubmit={askQuestion}>
        <p className="portal-hint">{t('forgot.userIdIntro')}</p>
        <TextField {...form.field('userId')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
        <div className="portal-actions">
          <button type="submit" className="portal-button portal-button--primary" disabled={form.submitting}>
            {t('forgot.continue')}
          </button>
          {actions}
        </div>
      </form>
    </>
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
  const label = t('forgot.answer');
  const validate = useCallback(
    (v: Record<'answer', string>): FieldErrors<'answer'> => (trimmed(v.answer) ? {} : { answer: t('field.required') }),
    [t],
  );
  const form = useFormScreen({
    fields: ['answer'] as const,
    labels: { answer: label },
    validate,
    title: t('page.title.forgot-password-component'),
  });
  const serverError = useServerError();

  async function sendAnswer(event: FormEvent) {
    event.preventDefault();
    if (!form.start()) return;
    try {
      const securityQuestionSTO = { ...question, questionResponse: form.values.answer };
      await call(Paths.temporaryPasswords, {
        method: 'POST',
        json: { userId, locale, cobrandName: cobrand.name, securityQuestionSTO },
      });
      onSent();
    } catch (e) {
      failOn(form, 'answer', serverError(e), false);
    }
  }

  return (
    <>
      <ErrorSummary errors={form.summary} revision={form.revision} />
      <form className="portal-form portal-forgot__form" noValidate onSubmit={sendAnswer}>
        <p className="portal-hint">{t('forgot.questionIntro')}</p>
        <p className="portal-forgot__question" id="answer-question">
          {question.questionText}
        </p>
        <PasswordField {...form.field('answer')} describedBy="answer-question" autoComplete="off" />
        <div className="portal-actions">
          <button type="submit" className="portal-button portal-button--primary" disabled={form.submitting}>
            {t('forgot.continue')}
          </button>
          {actions}
        </div>
      </form>
    </>
  );
}
