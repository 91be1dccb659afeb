/** How the security page's sections word a device, an address and a time. */
import { languageTag, type DeviceView } from '@portal/contract';
import { deviceName } from '@portal/contract/device-name';
import { useHydrated } from '../../page/browser-value';
import type { Translate } from '../../i18n/translator';
import { usePage } from '../../page/page-context';

export function useDescribe() {
  const { t, locale } = usePage();
  // The service renders in UTC and says so; the browser, once it has the page, in its own time zone.
  const hydrated = useHydrated();
  const format = new Intl.DateTimeFormat(languageTag(locale), {
    ...{ year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
    ...(hydrated ? {} : { timeZone: 'UTC', timeZoneName: 'short' }),
  });
  return {
    // The mails word a device with the same helper, so a name reads alike on the page and in a mail.
    device: (device: DeviceView) => deviceName(device, t),
    address: (address: string | null) => address ?? t('security.address.unknown'),
    time: (at: number) => format.format(new Date(at)),
  };
}

/** How many sessions an ending ended, in words. */
export function endedText(t: Translate, count: number): string {
  if (!(count > 0)) return t('security.sessions.endedNone');
  return count === 1 ? t('security.sessions.endedOne') : t('security.sessions.endedMany', count);
}
