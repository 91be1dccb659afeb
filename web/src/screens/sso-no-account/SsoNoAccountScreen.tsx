// Where a single sign-on ends when the bank's provider signed the user in but no active user of this portal is linked
// to that sign-on (ours, beside §2's screens). It says no more than the provider told the user, never why; signing
// on as someone else goes back to the provider, which the service asks for a fresh login (never a loop).
import { Paths } from '@portal/contract';
import { usePage } from '../../page/page-context';

export function SsoNoAccountScreen() {
  const { t, cobrand } = usePage();
  return (
    <div className="portal-sso-no-account">
      <h1 className="portal-heading">{t('page.title.sso-no-account')}</h1>
      <p>{t('sso.noAccount.message', cobrand.appName)}</p>
      <p>{t('sso.noAccount.contact')}</p>
      <p>
        <a className="portal-button portal-button--primary" href={Paths.ssoStart(cobrand.name)}>
          {t('sso.noAccount.switchUser')}
        </a>
      </p>
    </div>
  );
}
