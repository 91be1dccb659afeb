/**
 * How a trusted device is named: its user agent's browser and system as bowser names them, kept in the device's row
 * and handed to the page and the mails in parts, which word them in the reader's language (contract's `deviceName`).
 */
import Bowser from 'bowser';
import type { DeviceView } from '@portal/contract';

/** The agent's words may be anything: a name is cut as the security page cuts it. */
const NAME_MAX = 40;
const UNKNOWN_BROWSER = 'unknown browser';
const UNKNOWN_ADDRESS = 'unknown';
const SYSTEMS = new Set(Object.values(Bowser.OS_MAP));

const nameOf = (name: string | undefined) => name?.slice(0, NAME_MAX) || null;

/** Browser and system without versions: the trust outlives the versions the first sign-in was made with. */
export function deviceOfAgent(userAgent: string | undefined): DeviceView {
  if (!userAgent) return { browser: null, os: null };
  try {
    const parsed = Bowser.parse(userAgent);
    return { browser: nameOf(parsed.browser.name), os: nameOf(parsed.os.name) };
  } catch {
    return { browser: null, os: null };
  }
}

/**
 * The row keeps the form it always had ("Firefox on Linux", "unknown browser"), which the rows written before hold and
 * the audit's `device.trusted` records; it is never shown as it is, but read back into its parts.
 */
export function storedDevice({ browser, os }: DeviceView): string {
  return `${browser ?? UNKNOWN_BROWSER}${os ? ` on ${os}` : ''}`;
}

export function deviceOfStored(stored: string): DeviceView {
  // The system is one of bowser's own names, which hold no " on "; the browser's may be the agent's words and might.
  const at = stored.lastIndexOf(' on ');
  const os = at >= 0 && SYSTEMS.has(stored.slice(at + 4)) ? stored.slice(at + 4) : null;
  const browser = os ? stored.slice(0, at) : stored;
  return { browser: browser === UNKNOWN_BROWSER || !browser ? null : browser, os };
}

/**
 * An address as the user is shown it: IPv4 to its first three parts (`203.0.113.x`), IPv6 to its first four groups;
 * enough for a user to recognise their network, not a street (there is no location database: docs/decisions.md).
 * Null when there is none to show.
 */
export function approximateAddress(address: string | undefined): string | null {
  if (!address) return null;
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/.exec(address);
  if (v4) return `${v4[1]}.x`;
  if (address.includes(':')) return `${address.split(':').slice(0, 4).join(':')}::/64`;
  return null;
}

/** The row's column is never empty: an address not known is kept as the word the rows written before hold. */
export const storedAddress = (address: string | null): string => address ?? UNKNOWN_ADDRESS;
export const addressOfStored = (stored: string): string | null => (stored === UNKNOWN_ADDRESS ? null : stored);
