/**
 * The portal's mail, shared infrastructure every capability that mails a user uses: the outbox, its worker and
 * transport, and the one layout (each capability writes its own mails with it, in its `mails.ts`).
 */
export { MailWorker } from './mail-worker.js';
export { type MailBrandOf, mailContextFor, type MailingDeps, mailsOf } from './mailing-deps.js';
export { OutboxStore } from './outbox-store.js';
export { compose, type MailContext, mailTime } from './templates.js';
export type { OutgoingMail } from './outbox-store.js';
export { MAX_CONNECTIONS, createTransport } from './transport.js';
