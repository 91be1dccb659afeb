// The security page (ours, issue 34): the signed-in user's sessions and recent sign-ins, one section each. The
// service renders it with the user's lists, so it shows and its form works without the script; the script then
// ends sessions by call and refreshes the lists in place. Also change password's MyProfile destination (§4).
import { Paths, routePath } from '@portal/contract';
import { ENDED_PARAM } from '@portal/contract/security';
import { SessionWarning } from '../../components/SessionWarning';
import { usePage } from '../../page/page-context';
import { endedText } from './describe';
import { SECTIONS } from './sections';
import { useReturnedToSection } from './sign-in-again';

export function SecurityScreen() {
  const { t, cobrand, query, security } = usePage();
  const cobrandQuery = `?cobrandHost=${encodeURIComponent(cobrand.name)}`;
  const ended = query.get(ENDED_PARAM);
  useReturnedToSection();
  return (
    <div className="portal-security">
      <h1 className="portal-heading">{t('security.heading')}</h1>
      <p className="portal-hint">{t('security.intro')}</p>
      {/* After a form posted without the script: what it ended (the script says so by the live region instead). */}
      {ended !== null && (
        <p className="portal-notice" role="status">
          {endedText(t, Number(ended))}
        </p>
      )}
      {/* One line each: further sections (passkeys, trusted devices, recovery codes) are added in sections.ts. */}
      {SECTIONS.map(({ id, Section }) => (
        <Section key={id} />
      ))}
      <ul className="portal-link-list portal-security__links">
        {/* Not for a user the bank's identity provider signs in: a portal password would sign them in nowhere. */}
        {security?.passwordChange !== false && (
          <li>
            <a className="portal-link" href={`${routePath('change-password-component')}${cobrandQuery}&dest=MyProfile`}>
              {t('home.changePassword')}
            </a>
          </li>
        )}
        <li>
          <a className="portal-link" href={`${Paths.platformHome}${cobrandQuery}`}>
            {t('security.back')}
          </a>
        </li>
      </ul>
      <SessionWarning />
    </div>
  );
}
