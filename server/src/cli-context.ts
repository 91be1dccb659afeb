/** What every admin command is given, and the error that tells the administrator how to call it. */
import type { AccountStore } from './account/index.js';
import type { AuditForwarder, Origin } from './db/audit-log.js';
import type { PortalDatabase } from './db/database.js';
import type { PortalKeys } from './security/portal-secret.js';

export class UsageError extends Error {}

export interface CommandContext {
  database: PortalDatabase;
  accounts: AccountStore;
  keys: () => PortalKeys;
  demo: boolean;
  /** Queues each audit event for the bank's SIEM, in the event's transaction. */
  forward?: AuditForwarder;
  now: number;
  /** Who runs the command (`cli:<login>`), recorded with every change it makes. */
  origin: Origin;
  /** The positional argument after the command (a user ID, a cobrand name, a folder). */
  subject: string | undefined;
  options: {
    email?: string;
    name?: string;
    subject?: string;
    user?: string;
    since?: string;
    cobrand?: string;
    password?: string;
    question?: string;
    answer?: string;
    file?: string;
  };
}
