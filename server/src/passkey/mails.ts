/** The passkey capability's mails: a passkey added, removed, or disabled because a copy of it was used. */
import { compose, type MailContext, mailTime, type OutgoingMail } from '../mail/index.js';

export function passkeyAddedMail(ctx: MailContext, name: string, at: number): OutgoingMail {
  return compose(ctx, 'mail.passkeyAdded.subject', [
    ctx.messages.text(ctx.locale, 'mail.passkeyAdded.body', [name, ctx.userId, mailTime(ctx, at)]),
  ]);
}

export function passkeyRemovedMail(ctx: MailContext, name: string, at: number): OutgoingMail {
  return compose(ctx, 'mail.passkeyRemoved.subject', [
    ctx.messages.text(ctx.locale, 'mail.passkeyRemoved.body', [name, ctx.userId, mailTime(ctx, at)]),
  ]);
}

/** A passkey disabled because a copy of it was used (its counter went backwards): what happened, what to do. */
export function passkeyDisabledMail(ctx: MailContext, name: string, at: number): OutgoingMail {
  return compose(ctx, 'mail.passkeyDisabled.subject', [
    ctx.messages.text(ctx.locale, 'mail.passkeyDisabled.body', [name, ctx.userId, mailTime(ctx, at)]),
  ]);
}
