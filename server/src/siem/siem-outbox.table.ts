/**
 * Security events waiting for a SIEM: one row per event and sink, written in the transaction of the audit row it
 * carries, deleted once the sink took it (the audit log keeps the event).
 */
export interface SiemOutboxTable {
  /** `webhook`, `syslog` (the deployment's), or `cobrand:<name>` (a cobrand's own webhook). */
  sink: string;
  /** The audit event's ID: it sorts as the events happened, and is the ID the receiver sees on every try. */
  event_id: string;
  /** What the order is kept within: the account's ID, or '' for events of no account. */
  stream: string;
  /** The event as sent (contract/schemas/security-event.v1.json): the same bytes on every try. */
  payload: string;
  created_at: number;
  attempts: number;
  next_attempt_at: number;
  /** A worker's claim, so no two instances send the same row at once; expires if the worker dies. */
  claimed_until: number | null;
  last_error: string | null;
}
