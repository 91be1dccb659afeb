/**
 * The cobrand footer of §2, rendered from the footer the service resolved for the cobrand (its variant's layout, links
 * in order, optional info message, authorization warning and powered-by line with their logos); no variant has code
 * of its own. The default brand's record carries the default footer (copyright and privacy link).
 */
import { usePage } from '../page/page-context';

export function Footer() {
  const { t, cobrand } = usePage();
  const { footer } = cobrand;
  return (
    <footer className={`portal-footer portal-footer--${footer.layout}`}>
      {footer.authorizationWarning && (
        <div className="portal-footer__authorization">
          <img
            className="portal-footer__authorization-logo"
            src={footer.authorizationWarning.logoUrl}
            width={footer.authorizationWarning.logoWidth}
            height={footer.authorizationWarning.logoHeight}
            alt={t('shell.logoAlt', footer.authorizationWarning.logoName)}
          />
          <p className="portal-footer__authorization-text">{footer.authorizationWarning.text}</p>
        </div>
      )}
      {footer.links.length > 0 && (
        <nav className="portal-footer__nav" aria-label={t('footer.label')}>
          <ul className="portal-footer__links">
            {footer.links.map((link) => (
              <li key={link.key} className={`portal-footer__item portal-footer__item--${link.key}`}>
                <a className="portal-footer__link" href={link.url}>
                  {link.text}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {footer.footerMessage && <p className="portal-footer__message">{footer.footerMessage}</p>}
      <p className="portal-footer__copyright">{footer.copyrightMessage ?? t('footer.defaultCopyright')}</p>
      {footer.poweredBy && (
        <p className="portal-footer__powered-by">
          <span className="portal-footer__powered-by-text">{t('footer.poweredBy', footer.poweredBy.text)}</span>
          <img
            className="portal-footer__powered-by-logo"
            src={footer.poweredBy.logoUrl}
            width={footer.poweredBy.logoWidth}
            height={footer.poweredBy.logoHeight}
            alt={t('shell.logoAlt', footer.poweredBy.logoName)}
          />
        </p>
      )}
    </footer>
  );
}
