/**
 * The signed-in operator's desk: find a user, then the user's page; and for an auditor or an administrator, the audit
 * trail. Where the operator is is in the address (`?user=`, `?view=audit`), so the browser's Back returns to the
 * search and a reload keeps the page.
 */
import type { ConsoleOperator } from '@portal/contract/console';
import { useEffect, useState, type MouseEvent } from 'react';
import { AuditView } from './AuditView';
import { useTexts } from './console-texts';
import { FindUser } from './FindUser';
import { UserPage } from './UserPage';

interface Place {
  user: string | null;
  audit: boolean;
}
const placeInAddress = (): Place => {
  const params = new URLSearchParams(location.search);
  return { user: params.get('user'), audit: params.get('view') === 'audit' };
};

export interface DeskProps {
  operator: ConsoleOperator;
  /** Whether a call's failure ended the session (then the sign-in shows). */
  ended: (error: unknown) => boolean;
}

function Sections({ place, go }: { place: Place; go: (next: Place) => void }) {
  const { t } = useTexts();
  const link = (audit: boolean, label: string) => (
    <a
      className="portal-link"
      href={audit ? '?view=audit' : '?'}
      aria-current={place.audit === audit ? 'page' : undefined}
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        go({ user: null, audit });
      }}
    >
      {label}
    </a>
  );
  return (
    <nav aria-label={t('console.nav.label')}>
      <ul className="console-nav">
        <li>{link(false, t('console.nav.users'))}</li>
        <li>{link(true, t('console.nav.audit'))}</li>
      </ul>
    </nav>
  );
}

export function Desk({ operator, ended }: DeskProps) {
  const [place, setPlace] = useState(placeInAddress);
  const readsAudit = operator.role !== 'helpdesk';
  useEffect(() => {
    const follow = () => setPlace(placeInAddress());
    addEventListener('popstate', follow);
    return () => removeEventListener('popstate', follow);
  }, []);
  const go = (next: Place) => {
    const url = new URL(location.href);
    url.search = '';
    if (next.user !== null) url.searchParams.set('user', next.user);
    if (next.audit) url.searchParams.set('view', 'audit');
    history.pushState(null, '', url);
    setPlace(next);
  };
  const open = (user: string | null) => go({ user, audit: false });
  let shown;
  if (readsAudit && place.audit) shown = <AuditView ended={ended} />;
  else if (place.user === null) shown = <FindUser onOpen={open} ended={ended} />;
  else
    shown = (
      <UserPage
        key={place.user}
        userId={place.user}
        canChange={operator.role !== 'auditor'}
        onBack={() => open(null)}
        ended={ended}
      />
    );
  return (
    <>
      {readsAudit && <Sections place={place} go={go} />}
      {shown}
    </>
  );
}
