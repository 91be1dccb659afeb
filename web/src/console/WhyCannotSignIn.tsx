/**
 * "Why can't this user sign in?": each thing in the way in plain words, from the account and its trail
 * (server/src/sign-in-problems.ts), with the one action that clears it, or what will.
 */
import { useTexts, type Texts } from './console-texts';
import type { SignInProblem, UserAction } from './console-types';

/** Since when, after how many failures, from where. */
function lockedSince({ t, when }: Texts, { since, detail }: SignInProblem): string {
  return detail.addresses
    ? t('console.why.locked', when(since), Number(detail.failedAttempts), String(detail.addresses))
    : t('console.why.lockedNowhere', when(since), Number(detail.failedAttempts));
}

function sentence(texts: Texts, problem: SignInProblem): string {
  const { t, when } = texts;
  const { since, until, detail } = problem;
  switch (problem.code) {
    case 'deleted':
      return t('console.why.deleted', when(since));
    case 'inactive':
      return t('console.why.inactive', when(since));
    case 'locked':
      return `${lockedSince(texts, problem)} ${t(
        detail.lockedFor === 'unknown-devices' ? 'console.why.lockedNewBrowsers' : 'console.why.lockedEveryBrowser',
      )}`;
    case 'device.locked':
      return t('console.why.deviceLocked', Number(detail.devices));
    case 'password.expired':
      return t('console.why.passwordExpired');
    case 'password.breached':
      return t('console.why.passwordBreached');
    case 'sso.only':
      return t(Number(detail.links) > 0 ? 'console.why.ssoOnly' : 'console.why.ssoNotLinked');
    case 'password.temporary':
      return until ? t('console.why.passwordTemporary', when(until)) : t('console.why.passwordTemporaryOpen');
    case 'password.temporary.expired':
      return t('console.why.passwordTemporaryExpired', when(since));
    case 'password.reset.sent':
      return t('console.why.resetSent', when(until));
    case 'token.new.pin':
      return t('console.why.tokenNewPin');
    case 'mail.failed':
      return t(
        'console.why.mailFailed',
        String(detail.subject),
        when(since),
        Number(detail.attempts),
        String(detail.error || '—'),
      );
    default:
      return t('console.why.other', problem.code);
  }
}

const FIX_ACTIONS: Partial<Record<NonNullable<SignInProblem['fix']>, UserAction>> = {
  unlock: 'unlock',
  reactivate: 'reactivate',
  'reset-password': 'mailTemporaryPassword',
};

/** What clears a problem no operator's action does; null where its sentence says it (the bank's own sign-in). */
function fixHint({ code, detail }: SignInProblem): string | null {
  if (code === 'mail.failed') return 'console.fix.mailFailed';
  if (code === 'sso.only') return Number(detail.links) > 0 ? null : 'console.fix.ssoLink';
  return 'console.fix.nextSignIn';
}

export interface WhyProps {
  problems: SignInProblem[];
  /** Offer the fixing action (not to an auditor, who changes nothing). */
  canChange: boolean;
  onAction: (action: UserAction) => void;
}

export function WhyCannotSignIn({ problems, canChange, onAction }: WhyProps) {
  const texts = useTexts();
  const { t } = texts;
  return (
    <section className="console-why" aria-labelledby="console-why-heading">
      <h2 className="console-subheading" id="console-why-heading">
        {t('console.why.heading')}
      </h2>
      {problems.length === 0 ? (
        <p className="console-why__none">{t('console.why.nothing')}</p>
      ) : (
        <ul className="console-list">
          {problems.map((problem) => {
            const action = problem.fix ? FIX_ACTIONS[problem.fix] : undefined;
            const hint = fixHint(problem);
            return (
              <li key={problem.code} className="console-list__item console-why__problem">
                <p className="console-why__sentence">{sentence(texts, problem)}</p>
                {action
                  ? canChange && (
                      <button
                        type="button"
                        className="portal-button portal-button--primary"
                        onClick={() => onAction(action)}
                      >
                        {t(`console.action.${action}`)}
                      </button>
                    )
                  : hint && <p className="portal-hint">{t(hint)}</p>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
