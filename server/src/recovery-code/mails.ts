/** The recovery-code capability's mail: a code stood in for the tokencode. */
import type { MessageKey } from '../i18n/messages.js';
import { compose, type MailContext, mailTime, type OutgoingMail } from '../mail/index.js';

/** A recovery code stood in for the tokencode: when, and how many codes are left. */
export function recoveryCodeUsedMail(ctx: MailContext, left: number, at: number): OutgoingMail {
  const t = (key: MessageKey, ...params: string[]) => ctx.messages.text(ctx.locale, key, params);
  const paragraphs = [
    t('mail.recoveryCodeUsed.body', ctx.userId, mailTime(ctx, at)),
    t('mail.recoveryCodeUsed.left', String(left)),
  ];
  return compose(ctx, 'mail.recoveryCodeUsed.subject', paragraphs, undefined, 'mail.recoveryCodeUsed.notYou');
}
