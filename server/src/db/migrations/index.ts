import type { Migration } from 'kysely';
import * as createCoreTables from './2026_11_21_1000_create_core_tables.js';
import * as addPasswordLifecycle from './2026_11_21_1100_add_password_lifecycle.js';
import * as addTokens from './2026_11_21_1200_add_tokens.js';
import * as addMailSenderName from './2026_11_24_0900_add_mail_sender_name.js';
import * as addAccountName from './2026_11_24_1100_add_account_name.js';
import * as addSso from './2026_11_24_1200_add_sso.js';
import * as addTokenServerState from './2026_11_25_0900_add_token_server_state.js';
import * as addWriteCheck from './2026_11_25_1800_add_write_check.js';
import * as addAuditOrigin from './2026_11_26_0900_add_audit_origin.js';
import * as addSsoProviderSession from './2026_11_26_1000_add_sso_provider_session.js';
import * as addPasskeys from './2026_11_27_1000_add_passkeys.js';
import * as addSiemOutbox from './2026_11_27_1300_add_siem_outbox.js';
import * as securityPage from './2026_11_27_1500_security_page.js';
import * as deviceTrust from './2026_11_27_2300_device_trust.js';
import * as adminApiKeys from './2026_11_27_1000_admin_api_keys.js';
import * as recoveryCodes from './2026_11_28_1400_recovery_codes.js';
import * as passkeyDisabled from './2026_11_28_1500_passkey_disabled.js';
import * as importedHashClasses from './2026_11_29_1000_imported_hash_classes.js';
import * as userIdSkeleton from './2026_11_29_1000_user_id_skeleton.js';
import * as sessionDevice from './2026_11_29_1100_session_device.js';
import * as scimProvisioning from './2026_11_29_1200_scim_provisioning.js';
import * as accountLookups from './2026_11_30_1000_account_lookups.js';
import * as deviceCode from './2026_11_30_1000_device_code.js';
import * as operators from './2026_12_01_1000_operators.js';
import * as approvals from './2026_12_02_1000_approvals.js';
import * as accountNameKey from './2026_12_02_1100_account_name_key.js';
import * as operatorPasskeys from './2026_12_03_1000_operator_passkeys.js';

/** Every migration, in order; listed statically so the bundled server carries them. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_1000_create_core_tables': createCoreTables,
  '2026_11_21_1100_add_password_lifecycle': addPasswordLifecycle,
  '2026_11_21_1200_add_tokens': addTokens,
  '2026_11_24_0900_add_mail_sender_name': addMailSenderName,
  '2026_11_24_1100_add_account_name': addAccountName,
  '2026_11_24_1200_add_sso': addSso,
  '2026_11_25_0900_add_token_server_state': addTokenServerState,
  '2026_11_25_1800_add_write_check': addWriteCheck,
  '2026_11_26_0900_add_audit_origin': addAuditOrigin,
  '2026_11_26_1000_add_sso_provider_session': addSsoProviderSession,
  '2026_11_27_1000_add_passkeys': addPasskeys,
  '2026_11_27_1300_add_siem_outbox': addSiemOutbox,
  '2026_11_27_1500_security_page': securityPage,
  '2026_11_27_2300_device_trust': deviceTrust,
  '2026_11_27_1000_admin_api_keys': adminApiKeys,
  '2026_11_28_1400_recovery_codes': recoveryCodes,
  '2026_11_28_1500_passkey_disabled': passkeyDisabled,
  '2026_11_29_1000_imported_hash_classes': importedHashClasses,
  '2026_11_29_1000_user_id_skeleton': userIdSkeleton,
  '2026_11_29_1100_session_device': sessionDevice,
  '2026_11_29_1200_scim_provisioning': scimProvisioning,
  '2026_11_30_1000_account_lookups': accountLookups,
  '2026_11_30_1000_device_code': deviceCode,
  '2026_12_01_1000_operators': operators,
  '2026_12_02_1000_approvals': approvals,
  '2026_12_02_1100_account_name_key': accountNameKey,
  '2026_12_03_1000_operator_passkeys': operatorPasskeys,
};
