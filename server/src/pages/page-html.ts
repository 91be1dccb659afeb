/**
 * A built page with its data written in (contract's PageData): the language on <html>, the cobrand's stylesheet as a
 * <link> in the head (the page stays unstyled only until it arrives, §2, and it arrives with the page's own), and the
 * data as a JSON block, which the strict CSP allows because it is never run.
 */
import { languageTag, PAGE_DATA_ID, PORTAL_UI_BASE, type PageData } from '@portal/contract';

export const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Where the rules for a browser without scripts are (routes.ts): `<noscript>` in the head, so only it loads them. */
export const NO_SCRIPT_STYLESHEET = `${PORTAL_UI_BASE}noscript.css`;
const NO_SCRIPT_STYLES = `<noscript><link rel="stylesheet" href="${NO_SCRIPT_STYLESHEET}" /></noscript>`;

/** JSON inside <script>: `<` escaped, so no text in it can end the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * `screen`: the screen as the service rendered it (screen-renderer.ts), which the page's script then hydrates;
 * `title`: the page's title in its language, there from the first paint.
 */
export function pageHtml(template: string, data: PageData, screen = '', title?: string | null): string {
  const theme = data.themeUrl
    ? `<link rel="stylesheet" class="portal-cobrand-stylesheet" href="${escapeAttribute(data.themeUrl)}" />`
    : '';
  const block = `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(data)}</script>`;
  return template
    .replace(/<title>[^<]*<\/title>/, (built) => (title ? `<title>${escapeAttribute(title)}</title>` : built))
    .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeAttribute(languageTag(data.locale))}">`)
    .replace('</head>', () => `${NO_SCRIPT_STYLES}${theme}</head>`)
    .replace(
      /<div id="root"([^>]*)><\/div>/,
      (_all, attributes: string) => `${block}<div id="root"${attributes}>${screen}</div>`,
    );
}
