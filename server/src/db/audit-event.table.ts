export interface AuditEventTable {
  id: string;
  at: number;
  kind: string;
  account_id: string | null;
  /** JSON detail; never holds a secret. */
  detail: string;
}
