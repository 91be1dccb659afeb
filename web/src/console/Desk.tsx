/**
 * The signed-in operator's desk: find a user, then the user's page. The user open is in the address (`?user=`), so the
 * browser's Back returns to the search and a reload keeps the page.
 */
import type { ConsoleOperator } from '@portal/contract/console';
import { useEffect, useState } from 'react';
import { FindUser } from './FindUser';
import { UserPage } from './UserPage';

const userInAddress = () => new URLSearchParams(location.search).get('user');

export interface DeskProps {
  operator: ConsoleOperator;
  /** Whether a call's failure ended the session (then the sign-in shows). */
  ended: (error: unknown) => boolean;
}

export function Desk({ operator, ended }: DeskProps) {
  const [userId, setUserId] = useState(userInAddress);
  useEffect(() => {
    const follow = () => setUserId(userInAddress());
    addEventListener('popstate', follow);
    return () => removeEventListener('popstate', follow);
  }, []);
  const go = (next: string | null) => {
    const url = new URL(location.href);
    if (next === null) url.searchParams.delete('user');
    else url.searchParams.set('user', next);
    history.pushState(null, '', url);
    setUserId(next);
  };
  return userId === null ? (
    <FindUser onOpen={go} ended={ended} />
  ) : (
    <UserPage
      key={userId}
      userId={userId}
      canChange={operator.role !== 'auditor'}
      onBack={() => go(null)}
      ended={ended}
    />
  );
}
