/** The login shell of §2: header logo, content area, cobrand footer. */
import type { ReactNode } from 'react';
import { usePage } from '../page/page-context';
import { ANNOUNCER_ID } from './announce';
import { Footer } from './Footer';

export function Shell({ children }: { children: ReactNode }) {
  const { t, cobrand, logoUrl, logoSize } = usePage();
  return (
    <div className={`portal-shell portal-cobrand-${cobrand.name}`}>
      <a className="portal-skip-link" href="#main-content">
        {t('shell.skipLink')}
      </a>
      <header className="portal-header">
        {logoUrl ? (
          <img
            className="portal-header__logo"
            src={logoUrl}
            alt={t('shell.logoAlt', cobrand.appName)}
            {...(logoSize ?? {})}
          />
        ) : (
          <span className="portal-header__name">{cobrand.appName}</span>
        )}
      </header>
      <main id="main-content" className="portal-main" tabIndex={-1}>
        <div className="portal-main__content">{children}</div>
      </main>
      <Footer />
      <div id={ANNOUNCER_ID} className="portal-visually-hidden" aria-live="polite" />
    </div>
  );
}
