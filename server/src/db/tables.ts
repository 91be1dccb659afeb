import type { AccountTable, PasswordHistoryTable, TemporaryPasswordTable } from '../accounts/account.table.js';
import type { MailOutboxTable } from '../mail/mail-outbox.table.js';
import type { TokenAttemptTable, TokenTable } from '../tokens/token.table.js';
import type { CobrandTable } from '../cobrands/cobrand.table.js';
import type { SessionTable } from '../sessions/session.table.js';
import type { AuditEventTable } from './audit-event.table.js';

export interface Database {
  account: AccountTable;
  session: SessionTable;
  cobrand: CobrandTable;
  audit_event: AuditEventTable;
  password_history: PasswordHistoryTable;
  temporary_password: TemporaryPasswordTable;
  mail_outbox: MailOutboxTable;
  token: TokenTable;
  token_attempt: TokenAttemptTable;
}
