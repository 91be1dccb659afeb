// A change to how the user signs in asked for a fresh sign-in (ASVS 5.0 7.5.1): the section says so, and its link
// goes to the sign-in page having told the service, by a cookie, which section to come back to afterwards.
import { ErrorCodes, routePath, type SignInReturnSection } from '@portal/contract';
import {
  SIGN_IN_RETURN_COOKIE,
  SIGN_IN_RETURN_SECONDS,
  SIGN_IN_RETURN_SECTIONS,
  securitySectionId,
} from '@portal/contract/security';
import { useEffect, useState } from 'react';
import { HttpError } from '../../api/client';
import { announce } from '../../components/announce';
import { usePage } from '../../page/page-context';

/** The service's answer to a change asked from a session signed in more than five minutes ago. */
export const isSignInAgain = (error: unknown): boolean =>
  error instanceof HttpError && error.status === 403 && error.body?.errors[0]?.code === ErrorCodes.signInAgain;

/** Whether the section shows the request to sign in again, and how a section's failed change turns it on. */
export function useSignInAgain() {
  const { t } = usePage();
  const [asked, setAsked] = useState(false);
  return {
    asked,
    clear: () => setAsked(false),
    /** True, and said, when `error` is the request to sign in again; false for any other failure. */
    caught: (error: unknown): boolean => {
      if (!isSignInAgain(error)) return false;
      setAsked(true);
      announce(t('security.signInAgain'));
      return true;
    },
  };
}

/** The next full sign-in in this browser comes back to `section` (account-security/sign-in-return.ts on the service). */
function rememberSection(section: SignInReturnSection): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SIGN_IN_RETURN_COOKIE}=${section}; Path=/; Max-Age=${SIGN_IN_RETURN_SECONDS}; SameSite=Lax${secure}`;
}

export function SignInAgain({ section }: { section: SignInReturnSection }) {
  const { t, cobrand } = usePage();
  const toSignIn = `${routePath('login-signin-component')}?cobrandHost=${encodeURIComponent(cobrand.name)}`;
  return (
    <p className="portal-security__error">
      {t('security.signInAgain')}{' '}
      <a
        className="portal-link"
        href={toSignIn}
        onClick={() => rememberSection(section)}
        onAuxClick={() => rememberSection(section)}
      >
        {t('security.signInAgainLink')}
      </a>
    </p>
  );
}

/** Back from signing in again: focus on the heading of the section the address names, so reading starts there. */
export function useReturnedToSection(): void {
  useEffect(() => {
    const id = location.hash.slice(1);
    if (SIGN_IN_RETURN_SECTIONS.some((section) => securitySectionId(section) === id))
      document.getElementById(id)?.focus();
  }, []);
}
