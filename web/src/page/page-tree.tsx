/**
 * What a page renders, the same in the browser and on the service (ssr.tsx): the screen inside the shell, under the
 * page's context. The browser hydrates what the service rendered only if both render the same tree.
 */
import type { PageData } from '@portal/contract';
import type { ComponentType } from 'react';
import { Shell } from '../components/Shell';
import { createTranslator, type Dictionary } from '../i18n/translator';
import { PageContext, type PageContextValue } from './page-context';

export function pageContextFor(
  data: Pick<
    PageData,
    'cobrand' | 'locales' | 'locale' | 'logoUrl' | 'posted' | 'tokenUser' | 'security' | 'signedIn' | 'deviceCode'
  > & {
    dictionary: Dictionary;
    logoSize?: PageData['logoSize'];
  },
  address: { path: string; query: URLSearchParams },
): PageContextValue {
  return {
    t: createTranslator(data.locale, data.dictionary),
    locale: data.locale,
    locales: data.locales,
    cobrand: data.cobrand,
    logoUrl: data.logoUrl,
    logoSize: data.logoSize ?? null,
    posted: data.posted,
    tokenUser: data.tokenUser,
    security: data.security,
    signedIn: data.signedIn,
    deviceCode: data.deviceCode,
    ...address,
  };
}

export function PageTree({ Screen, value }: { Screen: ComponentType; value: PageContextValue }) {
  return (
    <PageContext.Provider value={value}>
      <Shell>
        <Screen />
      </Shell>
    </PageContext.Provider>
  );
}
