import type { Clock } from '../clock.js';
import type { CobrandDirectory, LogoUrlFor } from '../cobrand/index.js';
import type { AuditLog } from '../db/audit-log.js';
import type { Messages } from '../i18n/messages.js';
import type { MailWorker } from './mail-worker.js';
import type { OutboxStore } from './outbox-store.js';

/** What a service needs to write a mail for the user's cobrand and language, and have it sent. */
export interface MailingDeps {
  cobrands: CobrandDirectory;
  outbox: OutboxStore;
  mailWorker: MailWorker;
  messages: Messages;
  audit: AuditLog;
  clock: Clock;
  logoUrlFor: LogoUrlFor;
}
