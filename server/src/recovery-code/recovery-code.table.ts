/**
 * One of an account's recovery codes: only its HMAC under the server's recovery-code key (docs/decisions.md,
 * "Recovery codes"), never the code; `used_at` set once, when it stood in for the tokencode.
 */
export interface RecoveryCodeTable {
  id: string;
  account_id: string;
  /** HMAC-SHA-256 (base64url) of the account ID and the normalised code. */
  code_hmac: string;
  created_at: number;
  used_at: number | null;
}
