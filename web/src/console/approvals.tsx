/**
 * Four eyes in the console: a change one operator asks for (a user's e-mail address, or every factor removed) waits
 * for a second, who approves or declines it; the one who asked may withdraw it. Shown to both: on the user's page, and
 * on the desk of every other operator who may decide it.
 */
import { useEffect, useState } from 'react';
import { adminPath, consoleCall, userPath } from './console-api';
import { useTexts, type Texts } from './console-texts';
import type { Change } from './console-types';
import { UserLink } from './FindUser';
import { ListSection, type Row } from './ListSection';

type Ended = (error: unknown) => boolean;

export interface Approval {
  id: string;
  kind: 'email.change' | 'factors.remove';
  userId: string;
  email: string | null;
  reason: string;
  requestedBy: string;
  requestedAt: string;
}

/** What the change is, in words. */
export const described = ({ t }: Texts, approval: Approval): string =>
  approval.kind === 'email.change'
    ? t('console.approvals.changeEmail', approval.userId, approval.email ?? '')
    : t('console.approvals.removeFactors', approval.userId);

/** The two changes that need a second operator, asked for from the user's page. */
export const askFor = (texts: Texts, kind: Approval['kind'], userId: string): Change => {
  const action = kind === 'email.change' ? 'changeEmail' : 'removeFactors';
  const { t } = texts;
  return {
    title: t(`console.action.${action}`),
    text: t(`console.confirm.${action}`, userId),
    done: t(`console.done.${action}`, userId),
    path: userPath(userId, '/approvals'),
    method: 'POST',
    json: { kind },
    ...(kind === 'email.change'
      ? {
          input: { name: 'email', label: t('console.confirm.newEmail'), missing: t('console.confirm.newEmailMissing') },
        }
      : {}),
    refused: { 409: t('console.error.waitsAlready') },
  };
};

const decision = (texts: Texts, approval: Approval, verb: 'approve' | 'decline' | 'withdraw') => {
  const { t } = texts;
  const what = described(texts, approval);
  const change: Change = {
    title: t(`console.action.${verb}`),
    text: t(`console.confirm.${verb}`, what),
    done: t(`console.done.${verb}`, what),
    path: adminPath(`/approvals/${encodeURIComponent(approval.id)}/${verb === 'approve' ? 'approve' : 'decline'}`),
    method: 'POST',
    refused: { 404: t('console.error.gone'), 409: t('console.error.decided') },
  };
  return { shown: t(`console.approvals.${verb}`), named: t(`console.approvals.${verb}Named`, what), change };
};

function approvalRows(texts: Texts, approvals: Approval[], me: string): Row[] {
  const { t, when } = texts;
  return approvals.map((approval) => {
    const mine = approval.requestedBy === me;
    return {
      key: approval.id,
      label: described(texts, approval),
      line: mine
        ? t('console.approvals.askedByYou', when(approval.requestedAt), approval.reason)
        : t('console.approvals.asked', approval.requestedBy, when(approval.requestedAt), approval.reason),
      buttons: mine
        ? [decision(texts, approval, 'withdraw')]
        : [decision(texts, approval, 'approve'), decision(texts, approval, 'decline')],
    };
  });
}

export interface WaitingProps {
  approvals: Approval[];
  /** The signed-in operator's name: what they asked, they withdraw; what another asked, they decide. */
  me: string;
  canChange: boolean;
  onChange: (change: Change) => void;
}

/** The user's changes waiting for a second operator; nothing when none waits. */
export function WaitingChanges({ approvals, me, canChange, onChange }: WaitingProps) {
  const texts = useTexts();
  if (approvals.length === 0) return null;
  return (
    <ListSection
      id="approvals"
      heading={texts.t('console.approvals.heading')}
      none=""
      rows={approvalRows(texts, approvals, me)}
      canChange={canChange}
      onChange={onChange}
    />
  );
}

/** On the desk: the changes other operators asked for that wait for this one's decision, each opening its user. */
export function WaitingForYou({ me, onOpen, ended }: { me: string; onOpen: (userId: string) => void; ended: Ended }) {
  const texts = useTexts();
  const [waiting, setWaiting] = useState<Approval[]>([]);
  useEffect(() => {
    consoleCall<{ approvals: Approval[] }>(adminPath('/approvals'))
      .then(({ approvals }) => setWaiting(approvals.filter((approval) => approval.requestedBy !== me)))
      .catch((failed: unknown) => ended(failed));
  }, [me]); // eslint-disable-line react-hooks/exhaustive-deps -- once per operator: `ended` is the desk's, remade each time
  if (waiting.length === 0) return null;
  return (
    <section className="portal-main__content console-card console-waiting" aria-labelledby="console-waiting-heading">
      <h2 className="console-subheading" id="console-waiting-heading">
        {texts.t('console.approvals.desk', waiting.length)}
      </h2>
      <ul className="console-list">
        {waiting.map((approval) => (
          <li key={approval.id} className="console-list__item">
            <UserLink userId={approval.userId} onOpen={onOpen}>
              {described(texts, approval)}
            </UserLink>
            <span className="console-list__detail">
              {texts.t(
                'console.approvals.asked',
                approval.requestedBy,
                texts.when(approval.requestedAt),
                approval.reason,
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
