/**
 * A user's page: why they cannot sign in (first, as the help desk's question), their account as it stands, and the
 * changes the operator may make, each confirmed with a reason. After a change the page reads the user again and says
 * what was done.
 */
import { useEffect, useRef, useState } from 'react';
import { useTexts } from './console-texts';
import type { Change, ConsoleUser, SignInMethods, UserAction } from './console-types';
import { askFor, WaitingChanges } from './approvals';
import { PendingChange } from './ConfirmDialog';
import { FactsSection } from './FactsSection';
import { Outcome } from './Outcome';
import { useUser } from './use-user';
import { ACTIONS, actionChange } from './user-actions';
import { RecentSignIns } from './RecentSignIns';
import { UserDevices } from './UserDevices';
import { UserMethods } from './UserMethods';
import { WhyCannotSignIn } from './WhyCannotSignIn';

export interface UserPageProps {
  userId: string;
  /** The signed-in operator's name. */
  me: string;
  canChange: boolean;
  onBack: () => void;
  ended: (error: unknown) => boolean;
}

function Account({ user }: { user: ConsoleUser }) {
  const { t, when } = useTexts();
  const rows: [string, string][] = [
    [t('console.account.status'), t(`console.status.${user.status}`)],
    [t('console.account.cobrand'), user.cobrand],
    [t('console.account.email'), user.email],
    [t('console.account.name'), user.name ?? '—'],
    [t('console.account.loginType'), t(`console.loginType.${user.loginType}`)],
    [t('console.account.failedAttempts'), String(user.failedAttempts)],
    [t('console.account.lastSignIn'), user.lastSignInAt ? when(user.lastSignInAt) : t('console.account.never')],
  ];
  return <FactsSection id="account" heading={t('console.account.heading')} rows={rows} />;
}

interface ActionsProps {
  user: ConsoleUser;
  methods: SignInMethods;
  onAction: (action: UserAction) => void;
  /** Asks for a change a second operator approves. */
  onAsk: (change: Change) => void;
}

function Actions({ user, methods, onAction, onAsk }: ActionsProps) {
  const texts = useTexts();
  const { t } = texts;
  const offered = (Object.keys(ACTIONS) as UserAction[]).filter((action) => ACTIONS[action].offered(user, methods));
  const asks = [
    ['email.change', 'console.action.changeEmail'],
    ['factors.remove', 'console.action.removeFactors'],
  ] as const;
  return (
    <section aria-labelledby="console-actions-heading">
      <h2 className="console-subheading" id="console-actions-heading">
        {t('console.actions.heading')}
      </h2>
      <ul className="console-actions">
        {offered.map((action) => (
          <li key={action}>
            <button type="button" className="portal-button portal-button--secondary" onClick={() => onAction(action)}>
              {t(`console.action.${action}`)}
            </button>
          </li>
        ))}
        {asks.map(([kind, label]) => (
          <li key={kind}>
            <button
              type="button"
              className="portal-button portal-button--secondary"
              onClick={() => onAsk(askFor(texts, kind, user.userId))}
            >
              {t(label)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function UserPage({ userId, me, canChange, onBack, ended }: UserPageProps) {
  const texts = useTexts();
  const { t } = texts;
  const { state, error, done, load, finished, stale } = useUser(userId, ended);
  const [pending, setPending] = useState<Change | null>(null);
  const act = (action: UserAction) => setPending(actionChange(texts, action, userId));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    void load().then(() => heading.current?.focus());
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per user: the page is keyed by the user ID
  return (
    <div className="portal-main__content console-card">
      <p className="console-back">
        <a
          className="portal-link"
          href="?"
          onClick={(event) => {
            event.preventDefault();
            onBack();
          }}
        >
          {t('console.user.back')}
        </a>
      </p>
      <h1 className="portal-heading" ref={heading} tabIndex={-1}>
        {t('console.user.heading', userId)}
      </h1>
      <Outcome error={error} done={done} />
      {state && (
        <>
          <WaitingChanges approvals={state.approvals} me={me} canChange={canChange} onChange={setPending} />
          <WhyCannotSignIn problems={state.problems} canChange={canChange} onAction={act} />
          <Account user={state.user} />
          <UserMethods user={state.user} methods={state.methods} />
          <UserDevices
            userId={userId}
            passkeys={state.passkeys}
            devices={state.devices}
            sessions={state.sessions}
            canChange={canChange}
            onChange={setPending}
          />
          <RecentSignIns signIns={state.signIns} />
          {canChange && <Actions user={state.user} methods={state.methods} onAction={act} onAsk={setPending} />}
        </>
      )}
      <PendingChange pending={pending} close={() => setPending(null)} finished={finished} stale={stale} ended={ended} />
    </div>
  );
}
