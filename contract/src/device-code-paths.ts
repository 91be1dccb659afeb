/**
 * New-device verification (docs/decisions.md, "New-device verification"): a right password from a browser the account
 * has not trusted opens nothing until the code mailed to the account's address is given on this screen.
 */
const BASE = '/sdportal/rest/device-code';

export const DeviceCodePaths = {
  /** POST: the attempt and the code; answers, as text, where to go next (as send-login does). */
  verify: `${BASE}/verify`,
  /** POST: the attempt; mails a new code in place of the last one. */
  resend: `${BASE}/resend`,
} as const;

/** The screen that asks for the code. */
export const DEVICE_CODE_SCREEN = 'device-code-component';
/** The code's digits. */
export const DEVICE_CODE_LENGTH = 6;
/** How long a code is valid after it is mailed. */
export const DEVICE_CODE_VALID_MINUTES = 10;
/** The longest a typed code may be (spaces allowed): longer is refused before anything is counted. */
export const DEVICE_CODE_MAX = 16;

/** The form's check, made before anything is sent: six digits, spaces and hyphens between them allowed. */
export function validateDeviceCode(code: string): 'required' | 'format' | undefined {
  const digits = code.replace(/[\s-]/g, '');
  if (!digits) return 'required';
  return code.length <= DEVICE_CODE_MAX && new RegExp(`^[0-9]{${DEVICE_CODE_LENGTH}}$`).test(digits)
    ? undefined
    : 'format';
}

/** The code as the service compares it: the digits alone. */
export const deviceCodeDigits = (code: string): string => code.replace(/[\s-]/g, '');

export type DeviceCodeStatus = 'sent' | 'unsent' | 'limit';

/** What the screen shows of its attempt: where the code went (masked), and whether it went. */
export interface DeviceCodeView {
  /** The attempt the code belongs to; the screen sends it back with the code. */
  attempt: string;
  /** The account's address as the screen shows it: `j•••@example.com`. */
  sentTo: string;
  /**
   * `sent`: the last code reached the mail relay; `unsent`: it could not be mailed (the relay away), and the screen
   * offers a new one; `limit`: the account has been mailed as many codes as an hour allows, so none was sent.
   */
  status: DeviceCodeStatus;
}
