/**
 * The new-device gate (signin-kernel/gate.ts): a password sign-in from a browser the account has not trusted, on a
 * cobrand that asks for it, is held for the code mailed to the account's address, on the code's screen.
 */
import { DEFAULT_LOCALE, isLocale, routePath } from '@portal/contract';
import { DEVICE_CODE_SCREEN } from '@portal/contract/device-code';
import type { CobrandRecord } from '../cobrand/index.js';
import { hashSessionId, newSessionId } from '../security/ids.js';
import { cobrandQuery, type SignInGate } from '../signin-kernel/index.js';
import type { DeviceCodes } from './device-codes.js';

/** The screen's address for an attempt. */
export const deviceCodeLocation = (attempt: string, cobrand: string) =>
  `${routePath(DEVICE_CODE_SCREEN)}?attempt=${encodeURIComponent(attempt)}&${cobrandQuery(cobrand)}`;

export interface DeviceCodeGateDeps {
  deviceCodes: DeviceCodes;
  /** The deployment's setting for cobrands whose record names none (NEW_DEVICE_VERIFICATION). */
  newDeviceVerification: 'email' | 'off';
}

/** Whether the cobrand asks a new browser for a code: its record's setting, else the deployment's; never for SSO. */
export const asksForCode = (record: CobrandRecord, fallback: 'email' | 'off') =>
  !record.identityProvider && (record.newDeviceVerification ?? fallback) === 'email';

export function deviceCodeGate(deps: DeviceCodeGateDeps): SignInGate {
  return {
    name: 'new-device code',
    holds: async (passed, attempt) =>
      passed.account.login_type === 'password' && asksForCode(attempt.record, deps.newDeviceVerification),
    async hold(passed, { record, browser, now }) {
      const locale = isLocale(browser.locale) ? browser.locale : (Object.keys(record.locales)[0] ?? DEFAULT_LOCALE);
      const asker = { account: passed.account, locale, origin: browser.origin, now };
      // The session the held sign-in opens is chosen here, so that the attempt is bound to it from the start.
      const sessionId = newSessionId();
      const { id } = await deps.deviceCodes.start(asker, hashSessionId(sessionId), passed.mustChange);
      return { location: deviceCodeLocation(id, record.cobrand.name), kind: 'device_code', sessionId };
    },
  };
}
