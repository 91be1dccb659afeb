/** What the account-security capability offers the rest of the service; nothing else of it is imported from outside. */
export { securityRoutes } from './routes.js';
export { securityPageRoutes, type SecurityPage } from './page-routes.js';
export { methodOf, SecurityService } from './security-service.js';
export { deviceOf } from './device.js';
export { signInReturn } from './sign-in-return.js';

declare module '../db/audit-log.js' {
  /** The audit kinds this capability records. */
  interface AuditKinds {
    'session.revoked': true;
  }
}
