/**
 * The new-device mail names the browser, the system and the address in the mail's language, as the security page
 * does: in every language but English, none of English's words for a device is left in it.
 */
import { SUPPORTED_LOCALES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { Messages } from '../i18n/messages.js';
import { newDeviceMail } from './mails.js';

const messages = new Messages();
const AT = Date.UTC(2026, 10, 30, 9, 30);

const mailIn = (locale: string, device: { browser: string | null; os: string | null }, address: string | null) =>
  newDeviceMail(
    {
      ...{ messages, locale, appName: 'Skerrymoor Bank', logoUrl: null },
      ...{ recipient: 'user@example.com', userId: 'demopass', greetName: 'Demo' },
    },
    { device, address },
    AT,
  );

/** What an English mail said of a device, and bowser's own English for a system's browser. */
const ENGLISH = /\bon\b|unknown|Android Browser|WebOS Browser|Device:|Address:|an address starting/i;

describe('the new-device mail', () => {
  it('names the device and the address on lines of their own, in English for English', () => {
    const mail = mailIn('en_US', { browser: 'Firefox', os: 'Linux' }, '198.51.100.x');
    expect(mail.text).toContain('Device: Firefox on Linux');
    expect(mail.text).toContain('Address: 198.51.100.x');
    const unknown = mailIn('en_US', { browser: null, os: null }, null);
    expect(unknown.text).toContain('Device: Unknown device');
    expect(unknown.text).toContain('Address: Unknown address');
    expect(unknown.html).toContain('<p>Device: Unknown device</p>');
  });

  it.each([
    ['de', 'Gerät: Firefox unter Linux', 'Gerät: Android-Browser unter Android', 'Adresse: Unbekannte Adresse'],
    ['ru', 'Устройство: Firefox на Linux', 'Устройство: Браузер Android на Android', 'Адрес: Неизвестный адрес'],
    ['ja', 'デバイス：Linux の Firefox', 'デバイス：Android の Android ブラウザー', 'アドレス：不明なアドレス'],
  ])('names it in %s', (locale, firefox, android, noAddress) => {
    expect(mailIn(locale, { browser: 'Firefox', os: 'Linux' }, '198.51.100.x').text).toContain(firefox);
    expect(mailIn(locale, { browser: 'Android Browser', os: 'Android' }, null).text).toContain(android);
    expect(mailIn(locale, { browser: 'Android Browser', os: 'Android' }, null).text).toContain(noAddress);
  });

  it.each(SUPPORTED_LOCALES.filter((locale) => !locale.startsWith('en_')))(
    'leaves no English word of a device in %s',
    (locale) => {
      const devices = [
        { browser: 'Firefox', os: 'Linux' },
        { browser: null, os: 'Linux' },
        { browser: 'Android Browser', os: 'Android' },
        { browser: 'WebOS Browser', os: 'WebOS' },
        { browser: null, os: null },
      ];
      for (const device of devices) {
        // The body, the device's line and the address's (the rest is the greeting and the advice).
        const said = mailIn(locale, device, null).text.split('\n\n').slice(1, 4).join('\n');
        expect(said.match(ENGLISH), `${locale}: ${said}`).toBeNull();
      }
    },
  );
});
