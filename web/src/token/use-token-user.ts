/**
 * §4: the token screens render only after the user-information call says the user may be there; otherwise, or if
 * the call fails, the user is logged out. A page the service wrote comes with the answer in its data (issue 33): the
 * screen is drawn at once, and works without the script; the call is made only for a page without it.
 */
import { Paths, type TokenUserInformation } from '@portal/contract';
import { useEffect, useState } from 'react';
import { getJson } from '../api/client';
import { usePage } from '../page/page-context';

export const logoutAddress = (cobrand: string) => `${Paths.logout}?cobrandHost=${encodeURIComponent(cobrand)}`;

export function useTokenUser(action: 'newpin' | 'nexttoken', cobrand: string): TokenUserInformation | null {
  const { tokenUser } = usePage();
  const [user, setUser] = useState<TokenUserInformation | null>(tokenUser?.shouldAccess ? tokenUser : null);
  useEffect(() => {
    if (tokenUser?.shouldAccess) return;
    getJson<TokenUserInformation>(`${Paths.tokenUserInformation}?action=${action}`)
      .then((info) => (info.shouldAccess ? setUser(info) : location.assign(logoutAddress(cobrand))))
      .catch(() => location.assign(logoutAddress(cobrand)));
  }, [action, cobrand, tokenUser]);
  return user;
}
