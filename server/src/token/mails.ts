/** The token capability's mail: a new PIN set. */
import { compose, type MailContext, mailTime, type OutgoingMail } from '../mail/index.js';

export function pinSetMail(ctx: MailContext, at: number): OutgoingMail {
  return compose(ctx, 'mail.pinSet.subject', [
    ctx.messages.text(ctx.locale, 'mail.pinSet.body', [ctx.userId, mailTime(ctx, at)]),
  ]);
}
