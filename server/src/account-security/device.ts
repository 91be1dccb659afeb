/**
 * A device as the security page names it: browser and operating system read from the user agent by bowser (a kept,
 * dependency-free parser; docs/decisions.md, "The security page"). The agent is the client's to write, so whatever it
 * says is only ever shown as text, and an agent nothing can be read from is shown as an unknown device.
 */
import Bowser from 'bowser';
import type { DeviceView } from '@portal/contract';

/** Names are kept short: the page shows them in a table cell, and the agent may claim anything. */
const NAME_MAX = 40;

const named = (name: string | undefined, version?: string): string | null => {
  if (!name) return null;
  // The major version alone: enough to tell two browsers apart, and what browsers' own settings pages show.
  const major = version?.split('.')[0];
  return `${name}${major ? ` ${major}` : ''}`.slice(0, NAME_MAX);
};

/**
 * Browsers froze the versions of Windows (Windows 11 says "NT 10.0") and macOS (10.15.7 whatever it is) in their user
 * agents: those two are named without one rather than with a wrong one.
 */
const FROZEN_VERSIONS = new Set(['Windows', 'macOS']);
const osName = (os: { name?: string; version?: string }) =>
  named(os.name, os.name && FROZEN_VERSIONS.has(os.name) ? undefined : os.version);

export function deviceOf(userAgent: string | null): DeviceView {
  if (!userAgent) return { browser: null, os: null };
  try {
    const parsed = Bowser.parse(userAgent);
    return {
      browser: named(parsed.browser.name, parsed.browser.version),
      os: osName(parsed.os),
    };
  } catch {
    return { browser: null, os: null };
  }
}
