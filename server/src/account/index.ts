/** What the account capability offers the rest of the service; nothing else of it is imported from outside. */
export { ldapIdFor, lookupKeys, normalisedUserId, userIdKey, userIdSkeleton } from './account-identity.js';
export { AccountStore } from './account-store.js';
export type { AccountKey, AccountRow } from './account-store.js';
export type { AccountStatus, PasswordState } from './account.table.js';
export { isCommonPassword } from './common-passwords.js';
export { createAccount, normaliseAnswer } from './create-account.js';
export { PasswordStore } from './password-store.js';
export { generateTemporaryPassword, matchesTemporaryPassword, temporaryPasswordDigest } from './temporary-password.js';
export {
  CHEAP_SCHEMES,
  cheapSamples,
  HashFormatError,
  IMPORT_CEILINGS,
  importedHashOf,
  importedHashWork,
  parsePasswordHash,
  verifyImportedHash,
} from './imported-hashes.js';
export type { ParsedHash } from './imported-hashes.js';
export { ImportClasses } from './import-classes.js';
export type { HeldClass, UncheckedHash } from './import-classes.js';
export { IMPORT_BATCH, importUsers } from './import-users.js';
export type { ImportDeps, ImportReport } from './import-users.js';
export {
  BREACHED_PASSWORDS_ENVIRONMENT,
  breachedPasswords,
  breachedPasswordSettings,
  shippedBreachList,
} from './breached-passwords.js';
export type { BreachedPasswords, BreachedPasswordSettings, BreachVerdict } from './breached-passwords.js';
export { AccountAdmin } from './account-admin.js';
export type { AccountAdminDeps } from './account-admin.js';
export { checkNewUser, namesSameUser, userIdOf } from './provisioning-input.js';
export type { CheckedUser, NewUser, ProvisioningDeps } from './provisioning-input.js';
export { fillUserIdSkeletons } from './user-id-skeletons.js';
export { fillNameKeys } from './name-key.js';
export type { AccountFilter } from './account-page.js';
export { emailOf, externalIdOf, nameOf } from './admin-values.js';

declare module '../db/audit-log.js' {
  /** The audit kinds this capability records. */
  interface AuditKinds {
    'account.unlocked': true;
    'account.deactivated': true;
    'account.reactivated': true;
    'account.added': true;
    'account.password.expired': true;
    'account.password.reset': true;
    'account.question.set': true;
    'account.name.set': true;
    'account.email.set': true;
    'account.external-id.set': true;
    'account.deleted': true;
    'device.unlocked': true;
  }
}
