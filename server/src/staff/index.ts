/**
 * What the staff capability offers the rest of the service: the help desk's operators (people, not the admin API's
 * keys), their sign-in to the console on the admin listener and its sessions, and the changes one operator asks for
 * and a second approves. Nothing else of it is imported from outside.
 */
export { ConsoleSessions } from './console-sessions.js';
export type { ConsoleSessionDeps, SignedInOperator } from './console-sessions.js';
export { consoleCookiePolicy, consoleRoutes } from './console-routes.js';
export { consoleActor } from './console-origin.js';
export type { ProviderAnswer, StaffProvider } from './console-sign-on.js';
export type { ConsoleRouteOptions } from './console-routes.js';
export { consoleFiles } from './console-page.js';
export { consoleTexts } from './console-texts.js';
export type { NameRules } from './operator-names.js';
export { MIN_PASSWORD_LENGTH, ROLES, StaffAdmin } from './staff-admin.js';
export type { NewOperator, OperatorListing, StaffDeps } from './staff-admin.js';
export { StaffStore } from './staff-store.js';
export { consoleRelyingParty, OperatorPasskeys } from './operator-passkeys.js';
export { ApprovalStore } from './approval-store.js';
export type { ApprovalRow } from './approval-store.js';
export type { OperatorRole } from './staff.table.js';

declare module '../db/audit-log.js' {
  /** The audit kinds this capability records. */
  interface AuditKinds {
    'operator.added': true;
    'operator.removed': true;
    'operator.unlocked': true;
    'operator.signed.in': true;
    'operator.sign.in.refused': true;
    'operator.locked': true;
    'operator.signed.out': true;
    'operator.passkey.added': true;
    'operator.passkey.removed': true;
    'approval.requested': true;
    'approval.approved': true;
    'approval.declined': true;
    'account.factors.removed': true;
  }
}
