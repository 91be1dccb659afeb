// Stands in for a page of the platform the sign-in page links to (registration, account application, cookie notice),
// where a deployment has not named the platform's own address: it says what would happen there and leads back.
import { PLATFORM_PAGES, routePath, type PlatformPage } from '@portal/contract';
import { useEffect } from 'react';
import type { MessageKey } from '../../i18n/translator';
import { usePage } from '../../page/page-context';

const TEXTS: Record<PlatformPage, { heading: MessageKey; text: MessageKey }> = {
  companyRegistration: { heading: 'signin.companyRegistration', text: 'standin.companyRegistration' },
  cardholderRegistration: { heading: 'signin.cardholderRegistration', text: 'standin.cardholderRegistration' },
  newAccountApplication: { heading: 'signin.newAccountApplication', text: 'standin.newAccountApplication' },
  cookieNotice: { heading: 'standin.cookieNotice.heading', text: 'standin.cookieNotice' },
};

export function StandInScreen() {
  const { t, cobrand, locale, path } = usePage();
  const page = (Object.keys(PLATFORM_PAGES) as PlatformPage[]).find((key) => PLATFORM_PAGES[key] === path);
  const { heading, text } = TEXTS[page ?? 'cookieNotice'];
  useEffect(() => {
    document.title = t('page.title.stand-in', t(heading));
  }, [t, heading]);
  const back = new URLSearchParams({ cobrandHost: cobrand.name, locale });
  return (
    <div className="portal-stand-in">
      <h1 className="portal-heading">{t(heading)}</h1>
      <p>{t(text, cobrand.appName)}</p>
      <p>
        <a className="portal-link" href={`${routePath('login-signin-component')}?${back}`}>
          {t('standin.return')}
        </a>
      </p>
    </div>
  );
}
