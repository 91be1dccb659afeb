import type { MessageKey } from '../i18n/translator';
import type { PageContextValue } from './page-context';
import { signInHeading } from './sign-in-heading';

/** Pages whose screen sets its own title (from its heading), so none is given by the route. */
const OWN_TITLE = new Set(['stand-in']);

/**
 * §2: the browser title of a page: on sign-in the cobrand's sign-in label and application name, as its heading;
 * elsewhere the route's translated title. The service writes it into the page it sends; the script keeps it.
 */
export function pageTitle(page: string, { t, cobrand }: Pick<PageContextValue, 't' | 'cobrand'>): string | null {
  if (page === 'login-signin-component') return signInHeading(t, cobrand);
  // The cobrand's application name goes to the titles that name it (the single sign-on start page's).
  return OWN_TITLE.has(page) ? null : t(`page.title.${page}` as MessageKey, cobrand.appName);
}
