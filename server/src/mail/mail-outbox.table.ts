/** Mail waiting to be sent; a row is written in the same transaction as the change it reports, and kept once sent. */
export interface MailOutboxTable {
  id: string;
  recipient: string;
  /** The name the mail is sent under: the user's bank (its application name); null uses MAIL_FROM's. */
  sender_name: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: number;
  attempts: number;
  next_attempt_at: number;
  /** A worker's claim, so no two instances send the same row at once; expires if the worker dies. */
  claimed_until: number | null;
  sent_at: number | null;
  last_error: string | null;
}
