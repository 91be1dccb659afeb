/** An operator's passkey: the second factor beside the password where the console's address can be a relying party. */
export interface OperatorPasskeyTable {
  id: string;
  operator_id: string;
  /** base64url, as the browser names it. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter at its last use: a lower one later is refused. */
  counter: number;
  /** Comma-separated AuthenticatorTransport values. */
  transports: string;
  created_at: number;
  last_used_at: number | null;
}

/** A ceremony's challenge: used once, before `expires_at`, by the console session or browser it was issued to. */
export interface OperatorPasskeyChallengeTable {
  challenge: string;
  purpose: 'register' | 'authenticate';
  /** SHA-256 (hex) of the console session's ID (register) or the browser's anti-forgery token (sign-in). */
  binding: string;
  operator_id: string | null;
  expires_at: number;
}
