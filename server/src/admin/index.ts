/** What the admin capability offers the rest of the service; nothing else of it is imported from outside. */
export { ApiKeys, SCOPES } from './api-keys.js';
export type { ApiKey, ApiKeyListing, Scope } from './api-keys.js';
export type {
  AccessOperations,
  AdminOperations,
  ApprovalOperations,
  DeviceOperations,
  Grantor,
  PasskeyOperations,
  UserCriteria,
  UserOperations,
  UserSearch,
} from './operations.js';
export type { ApprovalView, NewApprovalInput } from './approval-schemas.js';
export type { SignInMethods, SignInProblem, SignInTry, UserView } from './schemas.js';
import type { AdminPluginOptions, AdminServerOptions } from './admin-server.js';
export type { AdminPluginOptions, AdminServerOptions };

/** Loaded when a listener is built: the command line, which needs the keys alone, never loads the web framework. */
export const buildAdminServer = async (options: AdminServerOptions) =>
  (await import('./admin-server.js')).buildAdminServer(options);
export { ADMIN_CHANGE, ADMIN_READ, auditReason, keyOrigin, requireScope, scopeOf } from './guard.js';
export type { Refuse } from './guard.js';

declare module '../db/audit-log.js' {
  /** The audit kinds this capability records. */
  interface AuditKinds {
    'admin.call': true;
    'apikey.created': true;
    'apikey.revoked': true;
  }
}
