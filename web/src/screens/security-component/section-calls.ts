/** How a section that loads and changes its own data meets a failed call: signed out, to sign in; else said. */
import { routePath } from '@portal/contract';
import { useState } from 'react';
import { HttpError } from '../../api/client';
import { announce } from '../../components/announce';
import { usePage } from '../../page/page-context';

export function useSectionCalls() {
  const { t, cobrand } = usePage();
  const [error, setError] = useState<string | null>(null);
  const fail = (text: string) => {
    setError(text);
    announce(text);
  };
  return {
    error,
    clear: () => setError(null),
    fail,
    /** The session ended meanwhile: the sign-in page; anything else: said on the page (the list stays as it was). */
    failure: (cause: unknown) => {
      if (cause instanceof HttpError && cause.status === 401)
        return location.assign(
          `${routePath('login-signin-component')}?cobrandHost=${encodeURIComponent(cobrand.name)}`,
        );
      fail(t('security.error'));
    },
  };
}
