/**
 * The signed-in operator's desk: find a user, then the user's page; for an auditor or an administrator, the audit
 * trail; for an administrator, the operators, the API keys and the cobrand catalogue; and where the console offers
 * passkeys, each operator's own. Where the operator is is in the
 * address (`?user=`, `?view=`), so the browser's Back returns to the search and a reload keeps the page.
 */
import type { ConsoleOperator } from '@portal/contract/console';
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { ApiKeysView } from './ApiKeysView';
import { WaitingForYou } from './approvals';
import { AuditView } from './AuditView';
import { CobrandsView } from './CobrandsView';
import { useTexts } from './console-texts';
import { FindUser } from './FindUser';
import { OperatorsView } from './OperatorsView';
import { PasskeysView } from './PasskeysView';
import { UserPage } from './UserPage';
import { useWaysIn } from './ways-in';

const VIEWS = ['users', 'audit', 'operators', 'keys', 'cobrands', 'passkeys'] as const;
type View = (typeof VIEWS)[number];

/** The sections each role has; the help desk's one section needs no menu. */
const SECTIONS: Record<ConsoleOperator['role'], readonly View[]> = {
  helpdesk: ['users'],
  auditor: ['users', 'audit'],
  admin: ['users', 'audit', 'operators', 'keys', 'cobrands'],
};

interface Place {
  user: string | null;
  view: View;
}
const placeInAddress = (): Place => {
  const params = new URLSearchParams(location.search);
  const view = params.get('view');
  return { user: params.get('user'), view: VIEWS.find((known) => known === view) ?? 'users' };
};

export interface DeskProps {
  operator: ConsoleOperator;
  /** Whether a call's failure ended the session (then the sign-in shows). */
  ended: (error: unknown) => boolean;
}

function Sections({ views, place, go }: { views: readonly View[]; place: Place; go: (next: Place) => void }) {
  const { t } = useTexts();
  return (
    <nav aria-label={t('console.nav.label')}>
      <ul className="console-nav">
        {views.map((view) => (
          <li key={view}>
            <a
              className="portal-link"
              href={view === 'users' ? '?' : `?view=${view}`}
              aria-current={place.view === view ? 'page' : undefined}
              onClick={(event: MouseEvent) => {
                event.preventDefault();
                go({ user: null, view });
              }}
            >
              {t(`console.nav.${view}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Desk({ operator, ended }: DeskProps) {
  const [place, setPlace] = useState(placeInAddress);
  // Every operator's own passkeys, where the console offers them.
  const { passkeys } = useWaysIn();
  const views: readonly View[] = passkeys ? [...SECTIONS[operator.role], 'passkeys'] : SECTIONS[operator.role];
  useEffect(() => {
    const follow = () => setPlace(placeInAddress());
    addEventListener('popstate', follow);
    return () => removeEventListener('popstate', follow);
  }, []);
  const go = (next: Place) => {
    const url = new URL(location.href);
    url.search = '';
    if (next.user !== null) url.searchParams.set('user', next.user);
    if (next.view !== 'users') url.searchParams.set('view', next.view);
    history.pushState(null, '', url);
    setPlace(next);
  };
  const open = (user: string | null) => go({ user, view: 'users' });
  const view = views.includes(place.view) ? place.view : 'users';
  const shown: Record<View, () => ReactNode> = {
    audit: () => <AuditView ended={ended} />,
    operators: () => <OperatorsView operator={operator} ended={ended} />,
    keys: () => <ApiKeysView ended={ended} />,
    cobrands: () => <CobrandsView ended={ended} />,
    passkeys: () => <PasskeysView ended={ended} />,
    users: () =>
      place.user === null ? (
        <>
          <FindUser onOpen={open} ended={ended} />
          {operator.role !== 'auditor' && <WaitingForYou me={operator.name} onOpen={open} ended={ended} />}
        </>
      ) : (
        <UserPage
          key={place.user}
          userId={place.user}
          me={operator.name}
          canChange={operator.role !== 'auditor'}
          onBack={() => open(null)}
          ended={ended}
        />
      ),
  };
  return (
    <>
      {views.length > 1 && <Sections views={views} place={place} go={go} />}
      {shown[view]()}
    </>
  );
}
