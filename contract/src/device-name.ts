/**
 * A device named in the reader's language, one wording for the security page and the mails alike (docs/decisions.md,
 * "Device names in the reader's language"): the browser's and the system's names as bowser gives them are brands and
 * stay as their makers write them; the words around them, and the names bowser makes up for a system's own browser,
 * come from the locale's texts.
 */
import type { DeviceView } from './security.js';

/** The texts a device's name is made of, each in every locale's bundle. */
export type DeviceWordKey =
  'security.device' | 'security.device.unknown' | 'security.device.browserUnknown' | 'security.device.systemBrowser';
export type DeviceWords = (key: DeviceWordKey, ...params: string[]) => string;

/** bowser's names for a system's own browser, which name no product: "{0} browser" in the language, with the system. */
const SYSTEM_BROWSERS: Record<string, string> = { 'Android Browser': 'Android', 'WebOS Browser': 'webOS' };
/** bowser's names that add English words to a product's name: the product's name alone (the system is named beside). */
const PRODUCTS: Record<string, string> = { 'Samsung Internet for Android': 'Samsung Internet' };

/** The table's entry for a name, which may carry a major version after it ("Android Browser 4"), and that version. */
function lookUp(name: string, table: Record<string, string>): [string, string] | null {
  for (const [bowserName, entry] of Object.entries(table))
    if (name === bowserName || name.startsWith(`${bowserName} `)) return [entry, name.slice(bowserName.length)];
  return null;
}

function browserName(browser: string, words: DeviceWords): string {
  const product = lookUp(browser, PRODUCTS);
  if (product) return product.join('');
  const system = lookUp(browser, SYSTEM_BROWSERS);
  return system ? `${words('security.device.systemBrowser', system[0])}${system[1]}` : browser;
}

/** "Firefox 133 on Windows", "Firefox", "Unknown browser on Linux", "Unknown device", in the words' language. */
export function deviceName({ browser, os }: DeviceView, words: DeviceWords): string {
  if (!browser && !os) return words('security.device.unknown');
  const named = browser ? browserName(browser, words) : words('security.device.browserUnknown');
  return os ? words('security.device', named, os) : named;
}
