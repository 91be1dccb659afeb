/** What the session capability offers the rest of the service; nothing else of it is imported from outside. */
export { sessionRoutes } from './routes.js';
export { SessionManager } from './session-manager.js';
export type { SessionEntry, StartSession } from './session-manager.js';
export { SessionStore } from './session-store.js';
export type { SessionRow } from './session-store.js';
export { SessionAdmin } from './session-admin.js';
export { FreshSignIn, signInAgain } from './fresh-sign-in.js';
export type { FactorChange } from './fresh-sign-in.js';
export { signedInScreenData } from './signed-in-page.js';

declare module '../db/audit-log.js' {
  /** The audit kinds this capability records. */
  interface AuditKinds {
    'session.logout': true;
    'session.ended': true;
    'factor.change.refused': true;
  }
}
