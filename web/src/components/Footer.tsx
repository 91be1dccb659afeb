/**
 * The cobrand footer, rendered from the cobrand's data alone (§2): ordered links, optional info message, authorization
 * warning and powered-by line. The default brand's record carries the default footer (copyright and privacy link).
 */
import { usePage } from '../page/page-context';

const PORTAL_CONTEXT_PATH = '/sdportal';

export function Footer() {
  const { t, cobrand } = usePage();
  const { footer } = cobrand;
  return (
    <footer className={`portal-footer portal-footer--${footer.layout}`}>
      {footer.authorizationWarning && <p className="portal-footer__authorization">{footer.authorizationWarning}</p>}
      {footer.links.length > 0 && (
        <nav className="portal-footer__nav" aria-label={t('footer.label')}>
          <ul className="portal-footer__links">
            {footer.links.map((link) => (
              <li key={link.key} className={`portal-footer__item portal-footer__item--${link.key}`}>
                <a className="portal-footer__link" href={contextPrefixed(footer.layout, link.key, link.url)}>{link.text}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {footer.footerMessage && <p className="portal-footer__message">{footer.footerMessage}</p>}
      <p className="portal-footer__copyright">{footer.copyrightMessage ?? t('footer.defaultCopyright')}</p>
      {footer.poweredBy && <p className="portal-footer__powered-by">{t('footer.poweredBy', footer.poweredBy)}</p>}
    </footer>
  );
}

/** §2: the context-prefixed layouts put the portal context path before a relative cookie-notice link. */
function contextPrefixed(layout: string, key: string, url: string): string {
  return layout === 'context-prefixed' && key === 'cookieNotice' && url.startsWith('/') ? `${PORTAL_CONTEXT_PATH}${url}` : url;
}
