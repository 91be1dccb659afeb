/** What the new-device verification capability offers the rest of the service; nothing else of it is imported from outside. */
export { DeviceCodeStore } from './device-code-store.js';
export { DeviceCodes, type DeviceCodeDeps } from './device-codes.js';
export { deviceCodeSignIn } from './sign-in-module.js';
export { deviceCodeMail } from './mails.js';

declare module '../db/audit-log.js' {
  /** The audit kinds this capability records. */
  interface AuditKinds {
    'signin.verification.sent': true;
    'signin.verification.unsent': true;
    'signin.verification.passed': true;
    'signin.verification.failed': true;
  }
}
