/**
 * The portal's mails, one template per kind rendered in the user's language for their cobrand (its name and logo).
 * Every inserted value is escaped in the HTML part.
 */
import { DEFAULT_LOCALE, isLocale, languageTag, type DeviceView } from '@portal/contract';
import { deviceName } from '@portal/contract/device-name';
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

function compose(
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

export function temporaryPasswordMail(ctx: MailContext, password: string, minutes: number): OutgoingMail {
  const t = (key: MessageKey, ...params: string[]) => ctx.messages.text(ctx.locale, key, params);
  return compose(
    ctx,
    'mail.temporaryPassword.subject',
    [t('mail.temporaryPassword.body', String(minutes)), t('mail.temporaryPassword.next')],
    password,
  );
}

export function pinSetMail(ctx: MailContext, at: number): OutgoingMail {
  return compose(ctx, 'mail.pinSet.subject', [
    ctx.messages.text(ctx.locale, 'mail.pinSet.body', [ctx.userId, when(ctx, at)]),
  ]);
}

const when = (ctx: MailContext, at: number) =>
  `${new Intl.DateTimeFormat(languageTag(isLocale(ctx.locale) ? ctx.locale : DEFAULT_LOCALE), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;

export function passwordChangedMail(ctx: MailContext, at: number): OutgoingMail {
  return compose(ctx, 'mail.passwordChanged.subject', [
    ctx.messages.text(ctx.locale, 'mail.passwordChanged.body', [ctx.userId, when(ctx, at)]),
  ]);
}

export function passkeyAddedMail(ctx: MailContext, name: string, at: number): OutgoingMail {
  return compose(ctx, 'mail.passkeyAdded.subject', [
    ctx.messages.text(ctx.locale, 'mail.passkeyAdded.body', [name, ctx.userId, when(ctx, at)]),
  ]);
}

export function passkeyRemovedMail(ctx: MailContext, name: string, at: number): OutgoingMail {
  return compose(ctx, 'mail.passkeyRemoved.subject', [
    ctx.messages.text(ctx.locale, 'mail.passkeyRemoved.body', [name, ctx.userId, when(ctx, at)]),
  ]);
}

/** A recovery code stood in for the tokencode: when, and how many codes are left. */
export function recoveryCodeUsedMail(ctx: MailContext, left: number, at: number): OutgoingMail {
  const t = (key: MessageKey, ...params: string[]) => ctx.messages.text(ctx.locale, key, params);
  const paragraphs = [
    t('mail.recoveryCodeUsed.body', ctx.userId, when(ctx, at)),
    t('mail.recoveryCodeUsed.left', String(left)),
  ];
  return compose(ctx, 'mail.recoveryCodeUsed.subject', paragraphs, undefined, 'mail.recoveryCodeUsed.notYou');
}

/** A passkey disabled because a copy of it was used (its counter went backwards): what happened, what to do. */
export function passkeyDisabledMail(ctx: MailContext, name: string, at: number): OutgoingMail {
  return compose(ctx, 'mail.passkeyDisabled.subject', [
    ctx.messages.text(ctx.locale, 'mail.passkeyDisabled.body', [name, ctx.userId, when(ctx, at)]),
  ]);
}

/** The account is locked for unknown devices (docs/decisions.md, "Device trust"): what happened, what still works. */
export function unknownDevicesLockedMail(ctx: MailContext, at: number): OutgoingMail {
  const t = (key: MessageKey, ...params: string[]) => ctx.messages.text(ctx.locale, key, params);
  const paragraphs = [t('mail.deviceLock.body', ctx.userId, when(ctx, at)), t('mail.deviceLock.ownBrowsers')];
  return compose(ctx, 'mail.deviceLock.subject', paragraphs, undefined, 'mail.deviceLock.notYou');
}

/**
 * A sign-in from a browser the account had not signed in from: when, then which browser and from roughly where, each
 * on a line of its own and worded in the mail's language as the security page words them (contract's `deviceName`).
 */
export function newDeviceMail(
  ctx: MailContext,
  { device, address }: { device: DeviceView; address: string | null },
  at: number,
): OutgoingMail {
  const t = (key: MessageKey, ...params: string[]) => ctx.messages.text(ctx.locale, key, params);
  const paragraphs = [
    t('mail.newDevice.body', ctx.userId, when(ctx, at)),
    t('mail.newDevice.device', deviceName(device, t)),
    t('mail.newDevice.address', address ?? t('security.address.unknown')),
  ];
  return compose(ctx, 'mail.newDevice.subject', paragraphs, undefined, 'mail.newDevice.notYou');
}
