/**
 * The page a browser gets when a part of the system is away (§8's system error, 503): the portal's own stylesheet, the
 * system error in the visitor's language, and a link that tries the same address again. It needs no database and no
 * script, so it can be answered while neither the cobrand nor the page's calls could be.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { languageTag, SUPPORTED_LOCALES } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { requestLocale } from '../http/request-locale.js';
import type { Messages } from '../i18n/messages.js';

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The built not-found page's stylesheets: a page the service writes itself looks like every other screen. */
export function pageStylesheets(webDistDir: string): string {
  const file = join(webDistDir, 'pages', 'not-found.html');
  if (!existsSync(file)) return '';
  return (readFileSync(file, 'utf8').match(/<link rel="stylesheet"[^>]*>/g) ?? []).join('');
}

export function systemErrorPage(webDistDir: string, messages: Messages): (request: FastifyRequest) => string {
  const head = pageStylesheets(webDistDir);
  return (request) => {
    const locale = requestLocale(request, SUPPORTED_LOCALES);
    const title = escape(messages.text(locale, 'error.system.title'));
    // The same address, relative, so it cannot lead anywhere else.
    const again = escape(request.url.startsWith('/') && !request.url.startsWith('//') ? request.url : '/');
    return [
      `<!doctype html><html lang="${languageTag(locale)}"><head><meta charset="utf-8" />`,
      '<meta name="viewport" content="width=device-width, initial-scale=1" />',
      `<title>${title}</title>${head}</head><body><div class="portal-root">`,
      `<main id="main-content" class="portal-main portal-system-error"><div class="portal-main__content">`,
      `<h1>${title}</h1><p role="alert">${escape(messages.text(locale, 'error.system'))}</p>`,
      `<p><a href="${again}">${escape(messages.text(locale, 'error.system.retry'))}</a></p>`,
      '</div></main></div></body></html>',
    ].join('');
  };
}
