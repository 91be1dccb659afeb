/** What the passkey capability offers the rest of the service; nothing else of it is imported from outside. */
export { Ceremonies, CHALLENGE_MS, checkAssertion, relyingPartyOf, userHandleOf } from './ceremonies.js';
export type { AssertionCheck, RelyingParty } from './ceremonies.js';
export { PasskeyStore } from './passkey-store.js';
export type { PasskeyRow } from './passkey-store.js';
export { passkeyServes } from './policy.js';
export { PasskeyService } from './passkey-service.js';
export { passkeySignIn } from './sign-in-module.js';
export { passkeyAddedMail, passkeyDisabledMail, passkeyRemovedMail } from './mails.js';

declare module '../db/audit-log.js' {
  /** The audit kinds this capability records. */
  interface AuditKinds {
    'passkey.added': true;
    'passkey.disabled': true;
    'passkey.refused': true;
    'passkey.renamed': true;
    'passkey.removed': true;
  }
}
