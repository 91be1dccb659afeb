/**
 * The outage page a bank's proxy answers when no instance of the portal can (docs/operations.md, "Behind a proxy"):
 * haproxy's `errorfile 503`, a whole HTTP answer in one file, instead of haproxy's bare "No server is available".
 * Nothing of the portal can be fetched then, so the page carries its own style and the system error in every
 * language; a few lines of script show it in the browser's first language the portal has (the page's own language
 * negotiation, contract/locales.ts, worked out here for each language), and without the script it is in en_US. The
 * Content-Security-Policy allows that script and that style alone, by their hashes; the file stays far below
 * haproxy's 16 KB buffer.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_LOCALE, languageTag, SUPPORTED_LOCALES } from '@portal/contract';
import { nearestLocale } from '@portal/contract/locales';
import { UNAVAILABLE_RETRY_SECONDS } from '../http/api-error.js';
import type { Messages } from '../i18n/messages.js';
import { escapeAttribute as escape } from './page-html.js';

const STYLE = [
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1d2330}',
  'main{max-width:34rem;margin:12vh auto 0;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}',
  'h1{margin-top:0;font-size:1.5rem}a{color:#0b57d0}',
].join('');

/** The browser's languages, lower-cased, to the portal's locale: exactly, else by their first subtag. */
const SCRIPT = `(() => {
  const { texts, locales } = JSON.parse(document.getElementById('texts').textContent);
  for (const wish of navigator.languages ?? [navigator.language]) {
    const tag = String(wish).toLowerCase();
    const locale = locales[tag] ?? locales[tag.split('-')[0]];
    if (!locale) continue;
    const [lang, title, message, retry] = texts[locale];
    document.documentElement.lang = lang;
    document.title = title;
    document.getElementById('title').textContent = title;
    document.getElementById('message').textContent = message;
    document.getElementById('retry').textContent = retry;
    return;
  }
})();`;

/** Language tags a browser sends, lower-cased, each to the portal locale the portal would answer it in. */
function localesByTag(): Record<string, string> {
  const tags = SUPPORTED_LOCALES.flatMap((locale) => {
    const tag = languageTag(locale).toLowerCase();
    return [tag, tag.split('-')[0]!];
  });
  // Indonesian's and Norwegian's standard codes, besides the portal's own (`in`, `no`).
  const table: Record<string, string> = {};
  for (const tag of [...tags, 'id', 'nb', 'nn']) table[tag] ??= nearestLocale(tag, SUPPORTED_LOCALES) ?? DEFAULT_LOCALE;
  return table;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The page: en_US's texts as written, every language's in a JSON block the script reads. */
export function outagePage(messages: Messages): { html: string; csp: string } {
  const text = (locale: string) => [
    languageTag(locale),
    messages.text(locale, 'error.system.title'),
    messages.text(locale, 'error.system'),
    messages.text(locale, 'error.system.retry'),
  ];
  const texts = Object.fromEntries(SUPPORTED_LOCALES.map((locale) => [locale, text(locale)]));
  const data = JSON.stringify({ texts, locales: localesByTag() }).replace(/</g, '\\u003c');
  const [lang, title, message, retry] = text(DEFAULT_LOCALE).map(escape);
  const html = [
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8" />`,
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    `<title>${title}</title><style>${STYLE}</style></head><body>`,
    `<main id="main-content"><h1 id="title">${title}</h1><p role="alert" id="message">${message}</p>`,
    // An empty address is the page's own: trying again asks for what the visitor asked for.
    `<p><a id="retry" href="">${retry}</a></p></main>`,
    `<script type="application/json" id="texts">${data}</script><script>${SCRIPT}</script></body></html>`,
  ].join('');
  const csp = `default-src 'none'; script-src ${sha256(SCRIPT)}; style-src ${sha256(STYLE)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  return { html, csp };
}

/** The page as haproxy's `errorfile` takes it: the status line, the headers and the body, sent as they are. */
export function outageErrorFile(messages: Messages): string {
  const { html, csp } = outagePage(messages);
  const headers = [
    'HTTP/1.1 503 Service Unavailable',
    'Content-Type: text/html; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(html)}`,
    'Cache-Control: no-store',
    `Retry-After: ${UNAVAILABLE_RETRY_SECONDS}`,
    `Content-Security-Policy: ${csp}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${html}`;
}
