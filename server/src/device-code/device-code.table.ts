/**
 * A sign-in held for its new-device code (docs/decisions.md, "New-device verification"): the code's HMAC, never the
 * code; the tries and mails left; where the sign-in came from, for the mail. One row per held sign-in.
 */
export interface DeviceCodeTable {
  /** The attempt's ID, which the screen's address carries back. */
  id: string;
  account_id: string;
  /** The SHA-256 of the ID of the browser's session restricted to the code's screen: the code passes there alone. */
  session_hash: string;
  /** HMAC-SHA-256 (base64url) of the attempt's ID and the code. */
  code_hmac: string;
  /** Wrong codes this attempt may still take; at none it ends. */
  tries_left: number;
  /** Codes this attempt has mailed, the first included. */
  sends: number;
  /** 1 when the last code reached the mail relay; 0 when it could not be sent. */
  sent: number;
  /** Why the password must be changed once the code passes (`breached`), or null. */
  must_change: string | null;
  /** The last code's end of validity. */
  expires_at: number;
  created_at: number;
}
