/**
 * Every page starts here: resolve the cobrand and take what the service wrote into the page for it (record, languages,
 * language and texts, logo, stylesheet link), or load them by §7's calls where it wrote nothing; then render the screen
 * inside the shared shell, or take over the one the service rendered. Nothing shows before the stylesheet is in (§2).
 */
import { languageTag } from '@portal/contract';
import { StrictMode, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { cobrandName } from '../cobrand/cobrand-name';
import '../styles/tokens.css';
import '../styles/portal.css';
import { pageDataFor } from './page-data';
import { pageTitle } from './page-title';
import { pageContextFor, PageTree } from './page-tree';
import { keepTypedEarly } from './typed-early';

/** `page`: the page's name, as the service names its built pages (web/dist/pages/<page>.html). */
export async function startPage(Screen: ComponentType, page: string): Promise<void> {
  const query = new URLSearchParams(location.search);
  const requested = cobrandName(query);
  const written = pageDataFor(requested);
  // A chunk of its own, loaded only by a page that came without its data.
  const settled = written ?? (await (await import('./settle-by-calls')).settleByCalls(requested, query));
  if (!settled) return;
  const value = pageContextFor(settled, { path: location.pathname, query });
  document.documentElement.lang = languageTag(settled.locale);
  // The service wrote the title into a page it sent with data; one sent without gets it here.
  const title = pageTitle(page, value);
  if (title) document.title = title;
  const root = document.getElementById('root');
  if (!root) return;
  const tree = (
    <StrictMode>
      <PageTree Screen={Screen} value={value} />
    </StrictMode>
  );
  // The service rendered the screen into the page when it wrote its data; the scripts take it over as it is, and what
  // was typed before they arrived stays.
  const rendered = written && root.firstElementChild;
  keepTypedEarly(rendered ? root : null);
  if (rendered) hydrateRoot(root, tree);
  else createRoot(root).render(tree);
}
