/** §3 cobrand resolution: the cobrandHost query, then the COBRAND session item, then the default brand. */
import { DEFAULT_COBRAND } from '@portal/contract';

export const COBRAND_SESSION_ITEM = 'COBRAND';

export function cobrandName(query: URLSearchParams): string {
  const fromQuery = query.get('cobrandHost');
  const name =
    (fromQuery && /^[A-Za-z0-9._-]{1,64}$/.test(fromQuery) ? fromQuery : null) ??
    sessionStorage.getItem(COBRAND_SESSION_ITEM) ??
    DEFAULT_COBRAND;
  sessionStorage.setItem(COBRAND_SESSION_ITEM, name);
  return name;
}
