/** What the mail capability offers the rest of the service; nothing else of it is imported from outside. */
export { MailWorker } from './mail-worker.js';
export { mailContextFor, type MailingDeps } from './mailing-deps.js';
export { OutboxStore } from './outbox-store.js';
export {
  newDeviceMail,
  passkeyAddedMail,
  passkeyDisabledMail,
  passkeyRemovedMail,
  passwordChangedMail,
  pinSetMail,
  recoveryCodeUsedMail,
  temporaryPasswordMail,
  unknownDevicesLockedMail,
} from './templates.js';
export { MAX_CONNECTIONS, createTransport } from './transport.js';
