// The signed-in page that stands in for the platform home (ARCHITECTURE §4): who is signed in, change password, the
// security page, log out.
import { Paths, routePath, type SessionView } from '@portal/contract';
import { useEffect, useState } from 'react';
import { getJson } from '../../api/client';
import { SessionWarning } from '../../components/SessionWarning';
import { usePage } from '../../page/page-context';

export function HomeScreen() {
  const { t, cobrand, signedIn } = usePage();
  // Written into the page by the service for its user, so the page shows whole without the script; else asked for.
  const [session, setSession] = useState<SessionView | null>(signedIn ?? null);
  const query = `?cobrandHost=${encodeURIComponent(cobrand.name)}`;

  useEffect(() => {
    // The change-password screen (dest=MyProfile) needs the user ID, as after a sign-in.
    if (signedIn) return void sessionStorage.setItem('userId', signedIn.userId);
    getJson<SessionView>(Paths.session)
      .then((view) => {
        sessionStorage.setItem('userId', view.userId);
        setSession(view);
      })
      .catch(() => location.replace(`${routePath('login-signin-component')}${query}`));
  }, [query, signedIn]);

  if (!session) return null;
  return (
    <div className="portal-home">
      <h1 className="portal-heading">{t('home.heading')}</h1>
      <p className="portal-home__who">{t('home.signedInAs', session.userId)}</p>
      <p className="portal-home__cobrand">{t('home.cobrand', cobrand.appName)}</p>
      <p className="portal-hint">{t('home.placeholder')}</p>
      <ul className="portal-link-list portal-home__actions">
        {/* Not for a user the bank's identity provider signs in: a portal password would sign them in nowhere. */}
        {session.passwordChange !== false && (
          <li>
            <a className="portal-link" href={`${routePath('change-password-component')}${query}&dest=MyProfile`}>
              {t('home.changePassword')}
            </a>
          </li>
        )}
        <li>
          <a className="portal-link" href={`${routePath('security-component')}${query}`}>
            {t('home.security')}
          </a>
        </li>
        <li>
          <a className="portal-button portal-button--secondary" href={`${Paths.logout}${query}`}>
            {t('home.logout')}
          </a>
        </li>
      </ul>
      <SessionWarning />
    </div>
  );
}
