// Forgot-password screen (spec §2 "Forgot-password screen", §4 forgot password, §5, §8 forgot-password errors).
import { Paths, routePath, trimmed } from '@portal/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { HttpError, call } from '../../api/client';
import { ErrorSummary, type PageError } from '../../components/ErrorSummary';
import { PasswordField, TextField } from '../../components/Field';
import { usePage } from '../../page/page-context';
import { useErrorTitle } from '../../page/use-error-title';

type Step = 'userId' | 'question' | 'sent';
interface Question {
  questionId: string;
  questionText: string;
}

export function ForgotPasswordScreen() {
  const { t, cobrand, locale } = usePage();
  const [step, setStep] = useState<Step>('userId');
  const [userId, setUserId] = useState(() => sessionStorage.getItem('userId') ?? '');
  const [answer, setAnswer] = useState('');
  const [question, setQuestion] = useState<Question | null>(null);
  const [error, setError] = useState<PageError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [revision, setRevision] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const signInHome = `${routePath('login-signin-component')}?cobrandHost=${encodeURIComponent(cobrand.name)}`;
  useErrorTitle(t('page.title.forgot-password-component'), error !== null);

  // Each step announces itself: focus moves to its heading.
  useEffect(() => {
    if (step !== 'userId') heading.current?.focus();
  }, [step]);

  const fail = (field: 'userId' | 'answer', label: string, message: string | null) => {
    setSubmitting(false);
    if (message) {
      setError({ target: field, fieldName: label, description: message });
      setRevision((r) => r + 1);
    } else {
      setError(null);
      document.getElementById(field)?.focus();
    }
  };
  // §8: a server error shows on the field from errors[0].message; without one the field is just focused.
  const serverMessage = (e: unknown) =>
    e instanceof HttpError ? (e.body?.errors[0]?.message ?? null) : t('error.system');

  async function askQuestion(event: FormEvent) {
    event.preventDefault();
    const id = trimmed(userId);
    if (!id) return fail('userId', t('signin.userId'), t('field.required.named', t('signin.userId')));
    setSubmitting(true);
    try {
      const response = await call(Paths.securityQuestions, { method: 'POST', json: { userId: id, locale } });
      setQuestion((await response.json()) as Question);
      setError(null);
      setSubmitting(false);
      setStep('question');
    } catch (e) {
      fail('userId', t('signin.userId'), serverMessage(e));
    }
  }

  async function sendAnswer(event: FormEvent) {
    event.preventDefault();
    if (submitting || !question) return;
    if (!trimmed(answer)) return fail('answer', t('forgot.answer'), t('field.required.named', t('forgot.answer')));
    setSubmitting(true);
    try {
      await call(Paths.temporaryPasswords, {
        method: 'POST',
        json: {
          userId: trimmed(userId),
          locale,
          cobrandName: cobrand.name,
          securityQuestionSTO: { ...question, questionResponse: answer },
        },
      });
      setAnswer('');
      setError(null);
      setStep('sent');
    } catch (e) {
      setAnswer('');
      fail('answer', t('forgot.answer'), serverMessage(e));
    }
  }

  const cancel = (
    <a className="portal-button portal-button--secondary portal-forgot__cancel" href={signInHome}>
      {t('forgot.cancel')}
    </a>
  );
  const fieldError = (field: string) => (error?.target === field ? error.description : undefined);
  return (
    <div className="portal-forgot">
      {step === 'sent' ? (
        <>
          <h1 className="portal-heading" ref={heading} tabIndex={-1}>
            {t('forgot.sentHeading')}
          </h1>
          <p className="portal-forgot__sent" role="status">
            {t('forgot.sent')}
          </p>
          <a className="portal-button portal-button--primary portal-forgot__return" href={signInHome}>
            {t('forgot.returnToLogin')}
          </a>
        </>
      ) : (
        <>
          <h1 className="portal-heading" ref={heading} tabIndex={-1}>
            {t('forgot.heading')}
          </h1>
          <ErrorSummary errors={error ? [error] : []} revision={revision} />
          {step === 'userId' ? (
            <form className="portal-form portal-forgot__form" noValidate onSubmit={askQuestion}>
              <p className="portal-hint">{t('forgot.userIdIntro')}</p>
              <TextField
                id="userId"
                label={t('signin.userId')}
                value={userId}
                onValue={setUserId}
                error={fieldError('userId')}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
              />
              <div className="portal-actions">
                <button type="submit" className="portal-button portal-button--primary" disabled={submitting}>
                  {t('forgot.continue')}
                </button>
                {cancel}
              </div>
            </form>
          ) : (
            <form className="portal-form portal-forgot__form" noValidate onSubmit={sendAnswer}>
              <p className="portal-hint">{t('forgot.questionIntro')}</p>
              <p className="portal-forgot__question" id="answer-question">
                {question?.questionText}
              </p>
              <PasswordField
                id="answer"
                label={t('forgot.answer')}
                value={answer}
                onValue={setAnswer}
                error={fieldError('answer')}
                describedBy="answer-question"
                autoComplete="off"
              />
              <div className="portal-actions">
                <button type="submit" className="portal-button portal-button--primary" disabled={submitting}>
                  {t('forgot.continue')}
                </button>
                {cancel}
              </div>
            </form>
          )}
        </>
      )}
      <div className="portal-forgot__notes portal-hint">
        <p>{t('forgot.activeOnly')}</p>
        <p>{t('forgot.notFirstLogin')}</p>
      </div>
    </div>
  );
}
