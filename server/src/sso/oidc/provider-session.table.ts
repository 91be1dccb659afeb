/**
 * The provider's sessions behind the portal's federated sessions (OIDC): which portal user signed in through which
 * provider session (`sid`) and provider subject (`sub`), so that the provider's back-channel logout finds them.
 */
export interface SsoProviderSessionTable {
  /** SHA-256 of the cobrand, subject, session ID and account: one row per pair, however often they sign in. */
  id: string;
  cobrand: string;
  /** The ID token's `sub`, whatever claim the record links users by. */
  subject: string;
  sid: string | null;
  account_id: string;
  expires_at: number;
}
