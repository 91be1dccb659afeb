/** The new-device code's mail: the code, then when, from which browser and from roughly where, and what to do if not. */
import type { DeviceView } from '@portal/contract';
import { deviceName } from '@portal/contract/device-name';
import type { MessageKey } from '../i18n/messages.js';
import { compose, type MailContext, mailTime, type OutgoingMail } from '../mail/index.js';

/** Where a sign-in came from, as the mail names it (the device capability's reading of the request, given by app.ts). */
export interface SignInPlace {
  device: DeviceView;
  address: string | null;
}

export function deviceCodeMail(ctx: MailContext, code: string, place: SignInPlace, at: number): OutgoingMail {
  const t = (key: MessageKey, ...params: string[]) => ctx.messages.text(ctx.locale, key, params);
  const paragraphs = [
    t('mail.deviceCode.body', ctx.userId),
    t('mail.deviceCode.when', mailTime(ctx, at)),
    t('mail.newDevice.device', deviceName(place.device, t)),
    t('mail.newDevice.address', place.address ?? t('security.address.unknown')),
    t('mail.deviceCode.valid'),
  ];
  return compose(ctx, 'mail.deviceCode.subject', paragraphs, code, 'mail.deviceCode.notYou');
}
