import type { Clock } from '../clock.js';
import type { AuditLog } from '../db/audit-log.js';
import type { Messages } from '../i18n/messages.js';
import type { MailWorker } from './mail-worker.js';
import type { OutboxStore } from './outbox-store.js';
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
  /** Told of a mail just queued; where none runs (an operator's process), an instance's worker sends it. */
  mailWorker: Pick<MailWorker, 'nudge'>;
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
