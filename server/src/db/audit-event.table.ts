export interface AuditEventTable {
  id: string;
  at: number;
  kind: string;
  account_id: string | null;
  /** JSON detail; never holds a secret. */
  detail: string;
  /** The client's address as the service sees it (behind a trusted proxy, the address the proxy names). */
  client_address: string | null;
  /** The client's User-Agent header, cut to 256 characters. */
  user_agent: string | null;
  /** Who made a change at the command line (`cli:<login>`); null for a change the account's own browser made. */
  actor: string | null;
}
