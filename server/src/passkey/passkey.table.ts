/** A user's passkey: a WebAuthn credential, its public key, and what the checks keep of it. */
export interface PasskeyTable {
  id: string;
  account_id: string;
  /** base64url, as the browser names it. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter at its last use: a lower one later is a cloned credential. */
  counter: number;
  /** Comma-separated AuthenticatorTransport values. */
  transports: string;
  /** `singleDevice` or `multiDevice` (a synced passkey). */
  device_type: string;
  backed_up: number;
  name: string;
  created_at: number;
  last_used_at: number | null;
  /** When its counter went backwards (a cloned credential): it signs nobody in from then on. */
  disabled_at: number | null;
}

/** An issued ceremony's challenge: used once, before `expires_at`, by the session or attempt it is bound to. */
export interface PasskeyChallengeTable {
  challenge: string;
  purpose: 'register' | 'authenticate';
  /** SHA-256 (hex) of the session or attempt cookie it was issued to. */
  binding: string;
  account_id: string | null;
  expires_at: number;
}
