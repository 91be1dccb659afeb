/** What the token capability offers the rest of the service; nothing else of it is imported from outside. */
export { pinHmac, pinMatches } from './pin.js';
export { tokenRoutes } from './routes.js';
export { openSealed } from '../security/sealed-box.js';
export { assignToken, currentCode, TokenAdmin, tokenUri } from './token-admin.js';
export { checkNextCode, checkToken } from './token-check.js';
export { askTokenServer, openState, sealState } from './token-server-step.js';
export { TokenServers, TokenServerUnavailable } from './token-servers.js';
export type { CatalogueTokenServer, TokenServer } from './token-servers.js';
export type { TokenKeys, TokenVerdict } from './token-check.js';
export { TokenPinService } from './token-pin-service.js';
export { TokenStore } from './token-store.js';
export { codeAt, stepAt } from './tokencode.js';
export { newPinFormRoutes } from './new-pin-form-routes.js';
export { logoutFor, tokenScreenData, tokenUserOf } from './token-user.js';
export { builtinTokenSignIn } from './sign-in/builtin-token.js';
export { tokenServerSignIn } from './sign-in/token-server.js';
export { pinSetMail } from './mails.js';

declare module '../db/audit-log.js' {
  /** The audit kinds this capability records. */
  interface AuditKinds {
    'token.pin.set': true;
    'token.assigned': true;
    'token.at.server': true;
    'token.pin.reset': true;
    'token.unassigned': true;
  }
}
