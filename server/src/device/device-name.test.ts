import { describe, expect, it } from 'vitest';
import { addressOfStored, deviceOfAgent, deviceOfStored, storedAddress, storedDevice } from './device-name.js';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36';

describe("a trusted device's row", () => {
  it('reads back into the parts it was written from, rows written before included', () => {
    for (const agent of [
      ANDROID,
      'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      'x',
      undefined,
    ])
      expect(deviceOfStored(storedDevice(deviceOfAgent(agent)))).toEqual(deviceOfAgent(agent));
    expect(deviceOfStored('Samsung Internet for Android on Android')).toEqual({
      browser: 'Samsung Internet for Android',
      os: 'Android',
    });
    expect(deviceOfStored('unknown browser')).toEqual({ browser: null, os: null });
    expect(deviceOfStored('unknown browser on Linux')).toEqual({ browser: null, os: 'Linux' });
    // An agent's own words are a browser's name, whatever they hold: only bowser's systems are split off.
    expect(deviceOfStored('Walk on Water')).toEqual({ browser: 'Walk on Water', os: null });
  });

  it('keeps an unknown address as the word rows hold, and gives it back as none', () => {
    expect(addressOfStored(storedAddress(null))).toBeNull();
    expect(addressOfStored(storedAddress('198.51.100.x'))).toBe('198.51.100.x');
  });
});
