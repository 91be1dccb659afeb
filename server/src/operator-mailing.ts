/**
 * What an operator's change needs to mail the user (a passkey removed, a temporary password): the mail is queued in
 * the change's transaction, in the user's cobrand's name and logo, and the instances' mail workers send it on their
 * next pass (an operator's process runs none).
 */
import type { Clock } from './clock.js';
import { type CobrandDirectory, logoUrlFinder, mailBrand } from './cobrand/index.js';
import type { AuditLog } from './db/audit-log.js';
import type { PortalDatabase } from './db/database.js';
import { Messages } from './i18n/messages.js';
import type { MailingDeps } from './mail/index.js';
import { CATALOGUE_DIR } from './paths.js';
import { storesOf } from './stores.js';

export interface OperatorMailingParts {
  database: PortalDatabase;
  directory: CobrandDirectory;
  audit: AuditLog;
  clock: Clock;
  /** The portal's public origin: the mail's logo is served from it. */
  publicOrigin: string;
  catalogueDir: string | undefined;
  messages: Messages | undefined;
}

/** Made at the first mail: the command line, which mails nobody, never reads the texts for it. */
export function operatorMailing(parts: OperatorMailingParts): () => MailingDeps {
  let made: MailingDeps | undefined;
  return () =>
    (made ??= {
      audit: parts.audit,
      clock: parts.clock,
      outbox: storesOf(parts.database).outbox,
      mailWorker: { claims: false, sendQueued: async () => {} },
      messages: parts.messages ?? new Messages(),
      brandOf: mailBrand(parts.directory, logoUrlFinder(parts.catalogueDir ?? CATALOGUE_DIR, parts.publicOrigin)),
    });
}
