/** The device capability's mails: a sign-in from a new device, and new devices locked out. */
import type { DeviceView } from '@portal/contract';
import { deviceName } from '@portal/contract/device-name';
import type { MessageKey } from '../i18n/messages.js';
import { compose, type MailContext, mailTime, type OutgoingMail } from '../mail/index.js';

/** The account is locked for unknown devices (docs/decisions.md, "Device trust"): what happened, what still works. */
export function unknownDevicesLockedMail(ctx: MailContext, at: number): OutgoingMail {
  const t = (key: MessageKey, ...params: string[]) => ctx.messages.text(ctx.locale, key, params);
  const paragraphs = [t('mail.deviceLock.body', ctx.userId, mailTime(ctx, at)), t('mail.deviceLock.ownBrowsers')];
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
    t('mail.newDevice.body', ctx.userId, mailTime(ctx, at)),
    t('mail.newDevice.device', deviceName(device, t)),
    t('mail.newDevice.address', address ?? t('security.address.unknown')),
  ];
  return compose(ctx, 'mail.newDevice.subject', paragraphs, undefined, 'mail.newDevice.notYou');
}
