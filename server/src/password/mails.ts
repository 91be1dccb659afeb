/** The password capability's mails: a temporary password, a password changed. */
import type { MessageKey } from '../i18n/messages.js';
import { compose, type MailContext, mailTime, type OutgoingMail } from '../mail/index.js';

export function temporaryPasswordMail(ctx: MailContext, password: string, minutes: number): OutgoingMail {
  const t = (key: MessageKey, ...params: string[]) => ctx.messages.text(ctx.locale, key, params);
  return compose(
    ctx,
    'mail.temporaryPassword.subject',
    [t('mail.temporaryPassword.body', String(minutes)), t('mail.temporaryPassword.next')],
    password,
  );
}

export function passwordChangedMail(ctx: MailContext, at: number): OutgoingMail {
  return compose(ctx, 'mail.passwordChanged.subject', [
    ctx.messages.text(ctx.locale, 'mail.passwordChanged.body', [ctx.userId, mailTime(ctx, at)]),
  ]);
}
