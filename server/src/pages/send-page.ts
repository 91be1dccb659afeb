/** Sends a built page, written in for the cobrand and language it is answered for (page-html.ts). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  COOKIE_MAX_AGE_DAYS,
  FORM_TOKEN_FIELD,
  LOCALE_COOKIE,
  PORTAL_FORM_ID,
  LOGOUT_CONFIRM_PARAM,
  STATEFUL_QUERY_PARAMS,
  USER_ID_COOKIE,
  type PageData,
  type PostedForm,
} from '@portal/contract';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { PageCobrandFor } from '../cobrand/index.js';
import { formToken } from '../http/session-cookies.js';
import type { FormPage, ScreenData } from '../http/form-post.js';
import { prepareAnswer, PreparedAnswers, sendPrepared } from '../http/prepared-answer.js';
import { requestLocale } from '../http/request-locale.js';
import type { Messages } from '../i18n/messages.js';
import { escapeAttribute, pageHtml } from './page-html.js';
import { screenRenderer } from './screen-renderer.js';

/**
 * A page for every cobrand and language kept at once would be thousands: the most recent ones are kept, and the
 * others made again (a few milliseconds) when asked for.
 */
const KEPT_PAGES = 200;
/**
 * Pages are made far more often than the bundles, so they are compressed at a quality that takes a millisecond rather
 * than the best, which takes more than ten times as long for a tenth less (docs/decisions.md, "pages made per cobrand").
 */
const PAGE_BROTLI_QUALITY = 5;

export interface PageSenderOptions {
  webDistDir: string;
  names: readonly string[];
  messages: Messages;
  pageCobrand?: PageCobrandFor | undefined;
  secureCookies: boolean;
  /** What a screen's page needs written into its data by another capability (the token screens' user). */
  screenData?: ScreenData | undefined;
}

export type SendPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  status?: number,
) => Promise<FastifyReply>;

/**
 * The page's last bytes, its own for each browser: the anti-forgery field of the screen's form (by the form's id), so
 * the form posts without the script (issue 33); everything before it is the same for every browser, and is kept.
 */
const formTail = (request: FastifyRequest) =>
  `<input type="hidden" name="${FORM_TOKEN_FIELD}" value="${escapeAttribute(formToken(request))}" form="${PORTAL_FORM_ID}">` +
  '</body></html>\n';

/**
 * §4 settled here rather than in the browser: the page comes in its language and sets the language cookie, so the
 * script never has to set it and reload.
 */
function settler(pageCobrand: PageCobrandFor | undefined, secureCookies: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const cobrandHost = (request.query as Record<string, unknown>).cobrandHost;
    const found = await pageCobrand?.(typeof cobrandHost === 'string' ? cobrandHost : null, (offered) =>
      requestLocale(request, offered),
    );
    if (!found) return null;
    if (request.cookies[LOCALE_COOKIE] !== found.locale)
      reply.setCookie(LOCALE_COOKIE, found.locale, {
        path: '/',
        maxAge: COOKIE_MAX_AGE_DAYS * 24 * 60 * 60,
        sameSite: 'lax',
        secure: secureCookies,
      });
    // The page differs by the language wished for; the address carries the cobrand.
    reply.header('vary', 'cookie, accept-language');
    return found;
  };
}

const notBuilt = (reply: FastifyReply) =>
  reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built: run `npm run build`.');

/**
 * A signed-in user's own page, rendered with their data so it shows without its script (the security page): made for
 * this answer alone and never kept, as a form posted natively is.
 */
export type PersonalPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  own: Pick<PageData, 'security'>,
) => Promise<FastifyReply>;

/** The built pages by name, their end tags left off; none (the web app not built) is logged. */
function readPageFiles(log: FastifyBaseLogger, options: Pick<PageSenderOptions, 'webDistDir' | 'names'>) {
  const pageDir = join(options.webDistDir, 'pages');
  const pageFiles = new Map<string, string>();
  for (const name of options.names) {
    const file = join(pageDir, `${name}.html`);
    // Both end tags may be left out (HTML §13.1.2.4): each answer ends with its browser's own bytes, then them.
    if (existsSync(file)) pageFiles.set(name, readFileSync(file, 'utf8').replace(/<\/body>\s*<\/html>\s*$/, ''));
  }
  if (pageFiles.size === 0) log.warn(`The web app is not built (${pageDir} is missing): run \`npm run build\`.`);
  return pageFiles;
}

/**
 * `send` answers a page; `again` answers a screen's page with what its form posted natively (issue 33); `personal` a
 * page with the signed-in user's own data.
 */
export function pageSender(
  log: FastifyBaseLogger,
  options: PageSenderOptions,
): { send: SendPage; again: FormPage; personal: PersonalPage } {
  const { messages, pageCobrand, secureCookies } = options;
  const pageFiles = readPageFiles(log, options);
  const pages = new PreparedAnswers('text/html; charset=utf-8', KEPT_PAGES, PAGE_BROTLI_QUALITY, true);

  const settle = settler(pageCobrand, secureCookies);

  const renderer = screenRenderer(options.webDistDir, (message) => log.warn(message));

  /**
   * The screen is rendered into the page once per address path, cobrand, language and logout question, whatever else
   * the address carries; the not-found page (any address at all) once for every address. A screen in a state of its
   * own (an error code, the token step, a remembered user ID) is rendered for its answer alone (`fresh`).
   */
  const renderingOf = async (request: FastifyRequest, status: number) => {
    const [path = '', search = ''] = request.url.split('?');
    const query = new URLSearchParams(search);
    const loaded = await renderer();
    if (!loaded) return null;
    const title = (name: string, data: PageData) => loaded.title(name, data);
    const key = `${status === 404 ? '' : path}${query.get(LOGOUT_CONFIRM_PARAM) === '1' ? '?confirm' : ''}`;
    return { key, title, render: (name: string, data: PageData) => loaded.render(name, data, path, search) ?? '' };
  };

  const send: SendPage = async (request, reply, name, status = 200) => {
    const template = pageFiles.get(name);
    if (!template) return notBuilt(reply);
    // A screen with data of its visitor's (the token screens' user) is rendered for this answer alone, or not at all.
    const own = await options.screenData?.(request, name);
    if (own) return fresh(request, reply, name, undefined, status, own);
    // A screen in a state of its own is rendered for this answer alone, so it works without its script (issue 33).
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    if (STATEFUL_QUERY_PARAMS.some((param) => query.has(param))) return fresh(request, reply, name, undefined, status);
    // The sign-in form of a browser that remembers its user ID (§3's cookie) comes with it written in.
    const remembered = request.cookies[USER_ID_COOKIE];
    if (remembered && name === 'login-signin-component')
      return fresh(request, reply, name, { values: { userId: remembered } }, status);
    const found = await settle(request, reply);
    const rendering = found && (await renderingOf(request, status));
    const page = found
      ? pages.get(`${name}\u0000${found.key}\u0000${rendering?.key ?? ''}`, () => {
          const { key: _key, ...rest } = found;
          const data = { ...rest, dictionary: messages.dictionary(found.locale) };
          return pageHtml(template, data, rendering?.render(name, data), rendering?.title(name, data));
        })
      : pages.get(name, () => template);
    // no-cache: a new release is picked up at once; the ETag makes the check a 304.
    return sendPrepared(
      request,
      reply.code(status).header('cache-control', 'no-cache'),
      await page!,
      formTail(request),
    );
  };

  /**
   * Made for this answer alone (it holds what this visitor typed, its address's state or its own data), and never
   * kept; a visitor the screen's own data turns away is sent where the script would send them.
   */
  const fresh = async (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    posted: PostedForm | undefined,
    status: number,
    own?: Partial<PageData> | { location: string },
  ) => {
    const template = pageFiles.get(name);
    if (!template) return notBuilt(reply);
    if (own && 'location' in own) return reply.redirect(own.location, 303);
    const found = await settle(request, reply);
    const loaded = found && (await renderer());
    let html = template;
    if (found) {
      const [path = '', search = ''] = request.url.split('?');
      const { key: _key, ...rest } = found;
      const data: PageData = {
        ...rest,
        ...own,
        dictionary: messages.dictionary(found.locale),
        ...(posted ? { posted } : {}),
      };
      if (posted) data.posted = loaded?.word(name, data) ?? posted;
      html = pageHtml(template, data, loaded?.render(name, data, path, search) ?? '', loaded?.title(name, data));
    }
    const answer = await prepareAnswer(html, 'text/html; charset=utf-8', PAGE_BROTLI_QUALITY, true);
    return sendPrepared(request, reply.code(status).header('cache-control', 'no-store'), answer, formTail(request));
  };
  // The screen again, with its own data as when it was first sent (unless the post knows it better).
  const again: FormPage = async (request, reply, name, posted, status, known) =>
    fresh(request, reply, name, posted, status, known ?? (await options.screenData?.(request, name)));
  const personal: PersonalPage = (request, reply, name, own) => fresh(request, reply, name, undefined, 200, own);

  return { send, again, personal };
}
