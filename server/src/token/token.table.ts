/** A user's token (ARCHITECTURE §4): one per account. */
export interface TokenTable {
  account_id: string;
  /** The TOTP seed, sealed with AES-256-GCM under a key from PORTAL_SECRET: it must be read back to check codes. */
  seed_sealed: string;
  /** HMAC of the PIN under a server key; null while the token is in new-PIN mode. */
  pin_hmac: string | null;
  /** The last 60-second step whose code was accepted: no code at or before it is accepted again. */
  last_step: number;
  created_at: number;
  updated_at: number;
}

/**
 * A token step still to come: a next-tokencode challenge (§7: the following code must come, for this attempt, before
 * it expires), or, with the bank's token server, its new-PIN challenge. One per account.
 */
export interface TokenAttemptTable {
  id: string;
  account_id: string;
  purpose: 'next_token' | 'new_pin';
  /** The bank's token server's RADIUS State for its challenge, sealed; null for the portal's own tokens. */
  server_state: string | null;
  /** New PIN: the next tokencode, sealed, held until the PIN arrives, for the server's challenge after the PIN. */
  held_passcode: string | null;
  in_response_to: string;
  referral_path: string;
  /** The step of the code that raised the doubt; the answer must be a later one. */
  after_step: number;
  expires_at: number;
  created_at: number;
}
