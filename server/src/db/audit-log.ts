/** Security-relevant events, kept in the database beside the state they describe. Never holds a secret. */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { newId } from '../security/ids.js';
import { prepareQuery } from './prepared-query.js';
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
  | 'token.pin.set'
  | 'sso.passed';

export class AuditLog {
  /** Every sign-in writes an event: the statement is compiled once. */
  private readonly insert;

  constructor(
    db: Kysely<Database>,
    private readonly clock: Clock,
  ) {
    this.insert = prepareQuery(
      db,
      (id: string, at: number, kind: AuditKind, accountId: string | null, detail: string) =>
        db.insertInto('audit_event').values({ id, at, kind, account_id: accountId, detail }),
    );
  }

  async record(
    kind: AuditKind,
    accountId: string | null,
    detail: Record<string, string | number | boolean> = {},
  ): Promise<void> {
    await this.insert(newId(), this.clock(), kind, accountId, JSON.stringify(detail));
  }
}
