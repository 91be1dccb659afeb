/**
 * The help desk's operators: staff who sign in to the console on the admin listener, not portal users (docs/decisions.md,
 * "Help-desk operators"). Their sessions are their own, apart from the users'.
 */
import type { OperatorRole } from '@portal/contract/console';

export type { OperatorRole };

export interface OperatorTable {
  id: string;
  /** The name as given, in its one form (NFKC, no invisible characters): what the audit trail names them by. */
  name: string;
  /** The name in lower case: names are unique whatever their case. */
  name_key: string;
  role: OperatorRole;
  /** The cobrands whose users the operator sees, space-separated; empty: all of them (as an API key's). */
  cobrands: string;
  /** argon2id, as a user's password. */
  password_hash: string;
  /** The authenticator app's secret, sealed with AES-256-GCM under a key from PORTAL_SECRET (read back to check codes). */
  totp_sealed: string;
  /** The last 30-second step whose code was accepted: no code at or before it is accepted again. */
  totp_last_step: number;
  /** Wrong tries since the last sign-in; the sixth locks the operator, as it locks a user. */
  failed_attempts: number;
  /** Set by the sixth wrong try; cleared by `operators unlock`. */
  locked_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface OperatorSessionTable {
  /** SHA-256 of the cookie value: a stolen database row cannot be replayed as a cookie. */
  id_hash: string;
  operator_id: string;
  created_at: number;
  last_seen_at: number;
  idle_expires_at: number;
  absolute_expires_at: number;
  /** The client's address and User-Agent at sign-in (cut to 64 and 256 characters). */
  client_address: string | null;
  user_agent: string | null;
}
