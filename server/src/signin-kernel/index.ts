/**
 * The sign-in kernel: the interface a sign-in method implements and the types it exchanges with the sign-in service.
 * Any method's capability may import it; it imports no method and nothing of the service (docs/architecture.md).
 */
export * from './method.js';
export type { BrowserState, SignInDecision } from './decision.js';
export { cobrandQuery, homeOf } from './locations.js';
export type { SignInModule, SignInOnRoute } from './module.js';
export type { GateFactory, SignInGate } from './gate.js';

declare module '../db/audit-log.js' {
  /** The audit kinds this capability records. */
  interface AuditKinds {
    'signin.success': true;
    'signin.failure': true;
    'account.locked': true;
    'device.locked': true;
  }
}
