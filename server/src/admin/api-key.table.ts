/** The admin API's keys: only a keyed hash of each key is kept, never the key. */
export interface ApiKeyTable {
  /** The operator's name for the key; the audit trail names the key's calls by it. */
  name: string;
  /** HMAC-SHA-256 of the key under a key derived from PORTAL_SECRET (api-keys.ts says why a fast hash). */
  key_hash: string;
  /** The scopes, space-separated (`users:read users:write`). */
  scopes: string;
  /** The cobrands whose users the key sees, space-separated; empty: all of them. */
  cobrands: string;
  created_at: number;
  /** Set when revoked: the key is refused from then on, and its name stays taken so the trail stays unambiguous. */
  revoked_at: number | null;
}
