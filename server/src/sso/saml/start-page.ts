/**
 * The page a browser gets for a SAML answer the portal did not ask for and does not take (IdP-initiated sign-on off,
 * or no sign-on in progress in this browser): in the visitor's language, in the portal's own shell, saying the sign-on
 * must start at the portal, with a link that starts it. It replaces the raw refusal such an answer used to get.
 */
import { languageTag, Paths } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale } from '../../http/request-locale.js';
import type { Messages } from '../../i18n/messages.js';
import { pageStylesheets } from '../../pages/index.js';

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export class StartAtPortalPage {
  private readonly head: string;

  constructor(
    webDistDir: string,
    private readonly messages: Messages,
  ) {
    this.head = pageStylesheets(webDistDir);
  }

  /**
   * `locales`: the cobrand's languages. The provider's page posts across sites, so the language cookie (SameSite=Lax)
   * does not come with it: the browser's languages choose.
   */
  send(request: FastifyRequest, reply: FastifyReply, cobrand: string, locales: readonly string[]) {
    const locale = requestLocale(request, locales);
    const text = (key: Parameters<Messages['text']>[1]) => escape(this.messages.text(locale, key));
    const title = text('sso.startAtPortal.title');
    const page = [
      `<!doctype html><html lang="${languageTag(locale)}"><head><meta charset="utf-8" />`,
      '<meta name="viewport" content="width=device-width, initial-scale=1" />',
      `<title>${title}</title>${this.head}</head><body><div class="portal-root">`,
      '<main id="main-content" class="portal-main portal-sso-start"><div class="portal-main__content">',
      `<h1>${title}</h1><p>${text('sso.startAtPortal')}</p>`,
      `<p><a class="portal-button portal-button--primary" href="${escape(Paths.ssoStart(cobrand))}">`,
      `${text('sso.startAtPortal.start')}</a></p>`,
      '</div></main></div></body></html>',
    ].join('');
    return reply.code(200).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  }
}
