import type {
  Cobrand,
  CobrandLocales,
  DeviceCodeView,
  PostedForm,
  SecurityOverview,
  SessionView,
  TokenUserInformation,
} from '@portal/contract';
import { createContext, useContext } from 'react';
import type { Translate } from '../i18n/translator';

export interface PageContextValue {
  t: Translate;
  locale: string;
  locales: CobrandLocales;
  cobrand: Cobrand;
  logoUrl: string | null;
  /** Known when the service wrote the page: the logo keeps its place before it arrives. */
  logoSize: { width: number; height: number } | null;
  query: URLSearchParams;
  /** The page's address path (the platform pages' stand-in tells them apart by it). */
  path: string;
  /** What the form posted without the script, when the service answered with this screen again (issue 33). */
  posted?: PostedForm | undefined;
  /** The token screens' user, when the service wrote it into the page (issue 33). */
  tokenUser?: TokenUserInformation | undefined;
  /** The security page's lists, as the service rendered the page with them (absent: the page loads them). */
  security?: SecurityOverview | undefined;
  /** The signed-in page's session, as the service rendered the page for its user (absent: the page asks for it). */
  signedIn?: SessionView | undefined;
  /** The new-device code screen's attempt, as the service rendered the page for the browser holding it. */
  deviceCode?: DeviceCodeView | undefined;
}

export const PageContext = createContext<PageContextValue | null>(null);

export function usePage(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error('usePage outside a page');
  return value;
}
