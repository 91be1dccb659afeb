/**
 * §4: the token screens render only after the user-information call says the user may be there; otherwise, or if
 * the call fails, the user is logged out.
 */
import { Paths, type TokenUserInformation } from '@portal/contract';
import { useEffect, useState } from 'react';
import { getJson } from '../api/client';

export const logoutAddress = (cobrand: string) => `${Paths.logout}?cobrandHost=${encodeURIComponent(cobrand)}`;

export function useTokenUser(action: 'newpin' | 'nexttoken', cobrand: string): TokenUserInformation | null {
  const [user, setUser] = useState<TokenUserInformation | null>(null);
  useEffect(() => {
    getJson<TokenUserInformation>(`${Paths.tokenUserInformation}?action=${action}`)
      .then((info) => (info.shouldAccess ? setUser(info) : location.assign(logoutAddress(cobrand))))
      .catch(() => location.assign(logoutAddress(cobrand)));
  }, [action, cobrand]);
  return user;
}
