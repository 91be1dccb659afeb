/** A browser an account has signed in from: its device cookie names this row, which can be forgotten. */
export interface TrustedDeviceTable {
  /** Random; the cookie carries it with its MAC (device-cookie.ts). */
  id: string;
  account_id: string;
  /** Wrong tries from this browser since its last sign-in: the sixth locks this browser, and nothing else. */
  failed_attempts: number;
  locked_at: number | null;
  /**
   * The browser and system as its user agent named them at the first sign-in, in bowser's names ("Firefox on Linux",
   * "unknown browser"): read back into its parts, never shown as it is (device-name.ts).
   */
  browser: string;
  /** The approximate address it first signed in from (the last part left out), or "unknown". */
  address: string;
  /** The language it last signed in in: mails about the account are written in it. */
  locale: string | null;
  created_at: number;
  last_used_at: number;
}
