/** Which provider subject is which portal user, per cobrand (`portal users link-sso`). */
export interface SsoLinkTable {
  cobrand: string;
  subject: string;
  account_id: string;
  created_at: number;
}

/** Values a sign-on may use once: an OIDC state, a SAML request ID awaiting its answer, a SAML assertion ID. */
export interface SsoOnceTable {
  key: string;
  value: string;
  expires_at: number;
}
