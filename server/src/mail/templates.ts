/**
 * The portal's mail layout, in the user's language for their cobrand (its name and logo): each capability writes its own
 * mails with it (`compose`, `mailTime`). Every inserted value is escaped in the HTML part.
 */
import { DEFAULT_LOCALE, isLocale, languageTag } from '@portal/contract';
import type { Messages, MessageKey } from '../i18n/messages.js';
import type { OutgoingMail } from './outbox-store.js';

export interface MailContext {
  messages: Messages;
  /** The language asked for; anything unsupported reads as en_US. */
  locale: string | undefined;
  appName: string;
  /** Absolute address of the cobrand's logo, or null. */
  logoUrl: string | null;
  recipient: string;
  userId: string;
  /** The account's name, or its user ID when it has none. */
  greetName: string;
}

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A mail in the portal's one layout: greeting, paragraphs (the first may carry a highlight), not-you, signature. */
export function compose(
  ctx: MailContext,
  subjectKey: MessageKey,
  paragraphs: string[],
  highlight?: string,
  notYouKey: MessageKey = 'mail.notYou',
): OutgoingMail {
  const t = (key: MessageKey, ...params: string[]) => ctx.messages.text(ctx.locale, key, params);
  const lines = [
    t('mail.greeting', ctx.greetName),
    ...paragraphs,
    t(notYouKey),
    t('mail.signature', ctx.appName),
    t('mail.automatic'),
  ];
  // The text part laid out as the HTML part is: one blank line between paragraphs, the highlight on its own.
  const text = [
    lines[0],
    ...paragraphs.flatMap((p, i) => (i === 0 && highlight ? [p, `    ${highlight}`] : [p])),
    ...lines.slice(paragraphs.length + 1),
  ].join('\n\n');
  const logo = ctx.logoUrl ? `<p><img src="${escape(ctx.logoUrl)}" alt="${escape(ctx.appName)}" height="48"></p>` : '';
  const body = paragraphs
    .map(
      (p, i) =>
        `<p>${escape(p)}</p>${i === 0 && highlight ? `<p style="font:700 1.25em monospace">${escape(highlight)}</p>` : ''}`,
    )
    .join('');
  const html =
    `<!doctype html><html lang="${languageTag(isLocale(ctx.locale) ? ctx.locale : DEFAULT_LOCALE)}"><body>${logo}<p>${escape(lines[0]!)}</p>${body}` +
    lines
      .slice(paragraphs.length + 1)
      .map((l) => `<p>${escape(l)}</p>`)
      .join('') +
    '</body></html>';
  return { recipient: ctx.recipient, senderName: ctx.appName, subject: t(subjectKey, ctx.appName), text, html };
}

/** Each language's date format, made once: making one reads ICU's data, a new-device mail's dearest part. */
const mailTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** When something happened, as a mail says it: the date and time in the mail's language, in UTC. */
export function mailTime(ctx: MailContext, at: number): string {
  const tag = languageTag(isLocale(ctx.locale) ? ctx.locale : DEFAULT_LOCALE);
  let format = mailTimeFormats.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
    mailTimeFormats.set(tag, format);
  }
  return `${format.format(at)} UTC`;
}
