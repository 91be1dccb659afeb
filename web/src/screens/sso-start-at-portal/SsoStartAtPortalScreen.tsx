// Where a SAML answer the portal did not ask for ends (a tile in the bank's own portal, IdP-initiated sign-on off, or an
// answer to a sign-on this browser did not start): the sign-on must start at the portal, and its button starts it.
// The service logged and audited the answer before sending the browser here (server/src/sso/saml/saml-flow.ts).
import { Paths } from '@portal/contract';
import { usePage } from '../../page/page-context';

export function SsoStartAtPortalScreen() {
  const { t, cobrand } = usePage();
  return (
    <div className="portal-sso-start">
      <h1 className="portal-heading">{t('sso.startAtPortal.title')}</h1>
      <p>{t('sso.startAtPortal')}</p>
      <p>
        <a className="portal-button portal-button--primary" href={Paths.ssoStart(cobrand.name)}>
          {t('sso.startAtPortal.start')}
        </a>
      </p>
    </div>
  );
}
