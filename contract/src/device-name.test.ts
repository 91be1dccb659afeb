import { describe, expect, it } from 'vitest';
import { deviceName, type DeviceWordKey } from './device-name.js';

/** German words, so that anything English in a name can only have come through the helper. */
const GERMAN: Record<DeviceWordKey, string> = {
  'security.device': '{0} unter {1}',
  'security.device.unknown': 'Unbekanntes Gerät',
  'security.device.browserUnknown': 'Unbekannter Browser',
  'security.device.systemBrowser': '{0}-Browser',
};
const words = (key: DeviceWordKey, ...params: string[]) =>
  GERMAN[key].replace(/\{(\d)\}/g, (_, index: string) => params[Number(index)]!);

describe('deviceName', () => {
  it('keeps brands and words the rest', () => {
    expect(deviceName({ browser: 'Firefox', os: 'Linux' }, words)).toBe('Firefox unter Linux');
    expect(deviceName({ browser: 'Firefox 133', os: 'Windows' }, words)).toBe('Firefox 133 unter Windows');
    expect(deviceName({ browser: 'Chrome', os: null }, words)).toBe('Chrome');
    expect(deviceName({ browser: null, os: 'Linux' }, words)).toBe('Unbekannter Browser unter Linux');
    expect(deviceName({ browser: null, os: null }, words)).toBe('Unbekanntes Gerät');
  });

  it("words a system's own browser, and gives a product its own name without bowser's English", () => {
    expect(deviceName({ browser: 'Android Browser', os: 'Android' }, words)).toBe('Android-Browser unter Android');
    expect(deviceName({ browser: 'Android Browser 4', os: 'Android 4' }, words)).toBe(
      'Android-Browser 4 unter Android 4',
    );
    expect(deviceName({ browser: 'WebOS Browser', os: 'WebOS' }, words)).toBe('webOS-Browser unter WebOS');
    expect(deviceName({ browser: 'Samsung Internet for Android 23', os: 'Android 13' }, words)).toBe(
      'Samsung Internet 23 unter Android 13',
    );
    // A product whose name has "Browser" in it keeps it: it is the maker's name for it.
    expect(deviceName({ browser: 'UC Browser', os: 'Android' }, words)).toBe('UC Browser unter Android');
    expect(deviceName({ browser: 'Android Browsers', os: null }, words)).toBe('Android Browsers');
  });
});
