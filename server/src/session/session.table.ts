/**
 * `full` opens the platform; the others are the restricted half-way states that open only their own screen
 * (`sso_token`: the bank's provider signed a token user in, the token step is still to come).
 */
export type SessionKind = 'full' | 'change_password' | 'new_pin' | 'next_token' | 'sso_token' | 'device_code';

export interface SessionTable {
  /** SHA-256 of the cookie value: a stolen database row cannot be replayed as a cookie. */
  id_hash: string;
  account_id: string;
  kind: SessionKind;
  cobrand: string;
  locale: string;
  sso: number;
  /** How the sign-in that opened it was made (its step: `password`, `passkey`, ...); null before passkeys. */
  method: string | null;
  created_at: number;
  last_seen_at: number;
  idle_expires_at: number;
  absolute_expires_at: number;
  /** The browser's User-Agent header at sign-in, cut to 256 characters (the security page names the device by it). */
  user_agent: string | null;
  /** The client's address at sign-in, as the service sees it (behind a trusted proxy, the address the proxy names). */
  client_address: string | null;
  /**
   * The trusted device the browser signed in on (its device cookie's); null for an unknown device. A lock on unknown
   * devices ends the sessions of every device but the account's trusted ones.
   */
  device_id: string | null;
}
