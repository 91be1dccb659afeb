/** What the account capability offers the rest of the service; nothing else of it is imported from outside. */
export { ldapIdFor, userIdKey } from './account-identity.js';
export { AccountStore } from './account-store.js';
export type { AccountRow } from './account-store.js';
export type { AccountStatus, PasswordState } from './account.table.js';
export { isCommonPassword } from './common-passwords.js';
export { createAccount, normaliseAnswer } from './create-account.js';
export { PasswordStore } from './password-store.js';
export { generateTemporaryPassword, matchesTemporaryPassword, temporaryPasswordDigest } from './temporary-password.js';
export { AccountAdmin } from './account-admin.js';
export type { AccountAdminDeps, NewUser } from './account-admin.js';
export type { AccountFilter } from './account-page.js';
export { emailOf, nameOf } from './admin-values.js';
