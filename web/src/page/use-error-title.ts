import { useEffect } from 'react';
import { usePage } from './page-context';

/** GOV.UK: the page title gains an "Error: " prefix while errors show. */
export function useErrorTitle(title: string, hasErrors: boolean): void {
  const { t } = usePage();
  useEffect(() => {
    document.title = hasErrors ? t('page.title.errorPrefix', title) : title;
  }, [t, title, hasErrors]);
}
