/** What the password capability offers the rest of the service; nothing else of it is imported from outside. */
export { ChangePasswordService } from './change-password-service.js';
export { QuestionPool } from './question-pool.js';
export { QuestionTexts } from './question-texts.js';
export { mailTemporaryPassword, RecoveryService } from './recovery-service.js';
export type { TemporaryPasswordDeps } from './recovery-service.js';
export { passwordRoutes } from './routes.js';
export { recoveryFormRoutes } from './recovery-form-routes.js';
export { changeFormRoutes } from './change-form-routes.js';
export { passwordSignIn } from './sign-in-method.js';
export { passwordChangedMail, temporaryPasswordMail } from './mails.js';

declare module '../db/audit-log.js' {
  /** The audit kinds this capability records. */
  interface AuditKinds {
    'recovery.failure': true;
    'recovery.mailed': true;
    'recovery.asked': true;
    'password.changed': true;
    'password.change.failure': true;
  }
}
