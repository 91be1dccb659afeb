/** Security-relevant events, kept in the database beside the state they describe. Never holds a secret. */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { newId } from '../security/ids.js';
import type { Database } from './tables.js';

export type AuditKind =
  | 'signin.success'
  | 'signin.failure'
  | 'account.locked'
  | 'session.logout'
  | 'recovery.failure'
  | 'recovery.mailed'
  | 'password.changed'
  | 'password.change.failure'
  | 'token.pin.set';

export class AuditLog {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async record(
    kind: AuditKind,
    accountId: string | null,
    detail: Record<string, string | number | boolean> = {},
  ): Promise<void> {
    await this.db
      .insertInto('audit_event')
      .values({ id: newId(), at: this.clock(), kind, account_id: accountId, detail: JSON.stringify(detail) })
      .execute();
  }
}
