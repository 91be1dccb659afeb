// Each table's type is imported from its own *.table.ts file, never through its capability's index.ts: those import
// the stores, which import this file, so going through them would close an import cycle (server/test/import-cycles.test.ts).
import type { ApiKeyTable } from '../admin/api-key.table.js';
import type {
  AccountCountTable,
  AccountTable,
  PasswordHistoryTable,
  TemporaryPasswordTable,
} from '../account/account.table.js';
import type { ImportedHashClassTable } from '../account/imported-hash-class.table.js';
import type { TrustedDeviceTable } from '../device/device.table.js';
import type { CobrandTable } from '../cobrand/cobrand.table.js';
import type { DeviceCodeTable } from '../device-code/device-code.table.js';
import type { WriteCheckTable } from '../health/write-check.table.js';
import type { MailOutboxTable } from '../mail/mail-outbox.table.js';
import type { SiemOutboxTable } from '../siem/siem-outbox.table.js';
import type { PasskeyChallengeTable, PasskeyTable } from '../passkey/passkey.table.js';
import type { RecoveryCodeTable } from '../recovery-code/recovery-code.table.js';
import type { SessionTable } from '../session/session.table.js';
import type { ApprovalTable } from '../staff/approval.table.js';
import type { OperatorPasskeyChallengeTable, OperatorPasskeyTable } from '../staff/operator-passkey.table.js';
import type { OperatorSessionTable, OperatorTable } from '../staff/staff.table.js';
import type { SsoProviderSessionTable } from '../sso/oidc/provider-session.table.js';
import type { SsoLinkTable, SsoOnceTable } from '../sso/sso.table.js';
import type { TokenAttemptTable, TokenTable } from '../token/token.table.js';
import type { AuditEventTable } from './audit-event.table.js';

export interface Database {
  account: AccountTable;
  account_count: AccountCountTable;
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
  siem_outbox: SiemOutboxTable;
  passkey: PasskeyTable;
  passkey_challenge: PasskeyChallengeTable;
  trusted_device: TrustedDeviceTable;
  api_key: ApiKeyTable;
  recovery_code: RecoveryCodeTable;
  imported_hash_class: ImportedHashClassTable;
  device_code: DeviceCodeTable;
  operator_account: OperatorTable;
  operator_session: OperatorSessionTable;
  approval: ApprovalTable;
  operator_passkey: OperatorPasskeyTable;
  operator_passkey_challenge: OperatorPasskeyChallengeTable;
}
