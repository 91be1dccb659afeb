/** §4 on the service: the language a request is answered in, among the cobrand's, settled as the front end does. */
import { LOCALE_COOKIE } from '@portal/contract';
import { acceptedLanguages, settleLocale } from '@portal/contract/locales';
import type { FastifyRequest } from 'fastify';

export function requestLocale(request: FastifyRequest, offered: readonly string[]): string {
  const query = request.query as Record<string, unknown> | undefined;
  const param = typeof query?.locale === 'string' ? query.locale : null;
  return settleLocale(offered, {
    param,
    cookie: request.cookies[LOCALE_COOKIE] ?? null,
    accepted: acceptedLanguages(request.headers['accept-language']),
  });
}
