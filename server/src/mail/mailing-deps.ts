import type { Clock } from '../clock.js';
import type { AuditLog } from '../db/audit-log.js';
import type { Messages } from '../i18n/messages.js';
import type { MailWorker } from './mail-worker.js';
import type { OutboxRow, OutboxStore, OutgoingMail } from './outbox-store.js';
import type { MailContext } from './templates.js';

/** What a service needs to write a mail for the user's cobrand and language, and have it sent. */
/** A cobrand's name in a language and its logo's address, as a mail shows them (the cobrand capability's `mailBrand`). */
export type MailBrandOf = (
  cobrand: string,
  locale: string | undefined,
) => Promise<{ appName: string; logoUrl: string | null }>;

export interface MailingDeps {
  brandOf: MailBrandOf;
  outbox: OutboxStore;
  /**
   * Sends the mails this process queued, once they have committed; where none runs (an operator's process), it claims
   * none and an instance's worker sends them.
   */
  mailWorker: Pick<MailWorker, 'claims' | 'sendQueued'>;
  messages: Messages;
  audit: AuditLog;
  clock: Clock;
}

/** A mail to `account` in `locale`: its cobrand's name in that language, and its logo. */
export async function mailContextFor(
  deps: MailingDeps,
  account: { cobrand: string; email: string; user_id: string; display_name: string | null },
  locale: string | undefined,
): Promise<MailContext> {
  const { appName, logoUrl } = await deps.brandOf(account.cobrand, locale);
  return {
    messages: deps.messages,
    locale,
    appName,
    logoUrl,
    recipient: account.email,
    userId: account.user_id,
    greetName: account.display_name ?? account.user_id,
  };
}

/**
 * The mails of one transaction: `enqueue` them in it, and `send` them once it has committed. This instance sends them
 * at once (claimed as they are queued), where a pass of the worker would first have had to claim them.
 */
export function mailsOf(deps: Pick<MailingDeps, 'outbox' | 'mailWorker'>) {
  const queued: OutboxRow[] = [];
  return {
    async enqueue(trx: Parameters<OutboxStore['enqueue']>[0], mail: OutgoingMail, now: number): Promise<void> {
      queued.push(await deps.outbox.enqueue(trx, mail, now, deps.mailWorker.claims));
    },
    send(): void {
      for (const row of queued.splice(0)) void deps.mailWorker.sendQueued(row);
    },
  };
}
