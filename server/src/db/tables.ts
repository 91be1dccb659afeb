import type { AccountTable, PasswordHistoryTable, TemporaryPasswordTable } from '../account/index.js';
import type { MailOutboxTable } from '../mail/index.js';
import type { TokenAttemptTable, TokenTable } from '../token/index.js';
import type { CobrandTable } from '../cobrand/index.js';
import type { SessionTable } from '../session/index.js';
import type { SsoLinkTable, SsoOnceTable, SsoProviderSessionTable } from '../sso/index.js';
import type { AuditEventTable } from './audit-event.table.js';
import type { WriteCheckTable } from '../health/write-check.table.js';

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
  sso_link: SsoLinkTable;
  sso_once: SsoOnceTable;
  sso_provider_session: SsoProviderSessionTable;
  write_check: WriteCheckTable;
}
