// Not-found page (spec §2): in production it sends the user to the logout address; in development it does nothing.
import { Paths, routePath } from '@portal/contract';
import { useEffect } from 'react';
import { usePage } from '../../page/page-context';

export function NotFoundScreen() {
  const { t, cobrand } = usePage();
  useEffect(() => {
    if (import.meta.env.PROD) location.replace(`${Paths.logout}?cobrandHost=${encodeURIComponent(cobrand.name)}`);
  }, [cobrand.name]);
  return (
    <div className="portal-not-found">
      <h1 className="portal-heading">{t('notFound.heading')}</h1>
      <p>{t('notFound.message')}</p>
      <p>
        <a
          className="portal-link"
          href={`${routePath('login-signin-component')}?cobrandHost=${encodeURIComponent(cobrand.name)}`}
        >
          {t('notFound.signin')}
        </a>
      </p>
    </div>
  );
}
