/** What the recovery-code capability offers the rest of the service; nothing else of it is imported from outside. */
export { RecoveryCodeService } from './recovery-code-service.js';
export { RecoveryCodeStore } from './recovery-code-store.js';
export { recoveryCodeSignIn } from './sign-in-module.js';
export { recoveryCodeUsedMail } from './mails.js';

declare module '../db/audit-log.js' {
  /** The audit kinds this capability records. */
  interface AuditKinds {
    'recovery-codes.created': true;
    'recovery-code.used': true;
  }
}
