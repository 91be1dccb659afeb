/**
 * The data the service wrote into the page (contract's PageData): used when it is for the cobrand this page resolved,
 * so the page shows without a call. The language cookie came with the page, so nothing reloads.
 */
import { PAGE_DATA_ID, type PageData } from '@portal/contract';
import { COBRAND_SESSION_ITEM } from '../cobrand/cobrand-name';
import type { Dictionary } from '../i18n/translator';

export function pageDataFor(requested: string): (Omit<PageData, 'dictionary'> & { dictionary: Dictionary }) | null {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as PageData;
    if (data.requested !== requested) return null;
    sessionStorage.setItem(COBRAND_SESSION_ITEM, data.cobrand.name);
    return data;
  } catch {
    return null;
  }
}
