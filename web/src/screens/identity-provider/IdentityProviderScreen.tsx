// Stands in for a bank's identity provider, the target of the demo SSO cobrand's fssoRedirectUrl.
import { routePath } from '@portal/contract';
import { usePage } from '../../page/page-context';

export function IdentityProviderScreen() {
  const { t, cobrand } = usePage();
  return (
    <div className="portal-identity-provider">
      <h1 className="portal-heading">{t('sso.heading')}</h1>
      <p>{t('sso.message', cobrand.appName)}</p>
      <p>
        <a className="portal-link" href={`${routePath('login-signin-component')}?cobrandHost=default`}>
          {t('sso.return')}
        </a>
      </p>
    </div>
  );
}
