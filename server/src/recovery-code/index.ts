/** What the recovery-code capability offers the rest of the service; nothing else of it is imported from outside. */
export { RecoveryCodeService } from './recovery-code-service.js';
export { RecoveryCodeStore } from './recovery-code-store.js';
export { recoveryCodeRoutes } from './routes.js';
export { recoveryCodeFormRoutes } from './form-routes.js';
export { recoveryCodeMethod } from './sign-in-method.js';
