/** How a mail and the device list name a browser: its user agent read by bowser, and an address with its end left out. */
import Bowser from 'bowser';

/** "Firefox on Linux", "Safari on iOS"; "an unknown browser" when the user agent says nothing readable. */
export function browserLabel(userAgent: string | undefined): string {
  if (!userAgent) return 'unknown browser';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name ?? 'unknown browser';
  const system = parsed.os.name;
  return (system ? `${browser} on ${system}` : browser).slice(0, 120);
}

/**
 * An address as the user is shown it: IPv4 to its first three parts (`203.0.113.x`), IPv6 to its first four groups;
 * enough for a user to recognise their network, not a street (there is no location database: docs/decisions.md).
 */
export function approximateAddress(address: string | undefined): string {
  if (!address) return 'unknown';
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/.exec(address);
  if (v4) return `${v4[1]}.x`;
  if (address.includes(':')) return `${address.split(':').slice(0, 4).join(':')}::/64`;
  return 'unknown';
}
