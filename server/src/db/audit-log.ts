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
  | 'sso.passed'
  | 'session.ended'
  | 'recovery.asked'
  | 'account.unlocked'
  | 'account.deactivated';

/**
 * Event IDs sort as the events happened, also within one millisecond of one instance (a refusal and the lock it
 * causes): the time, a counter, then random characters so instances never collide.
 */
let sequence = 0;
const eventId = (at: number): string => {
  sequence = (sequence + 1) % 1e6;
  return `${at.toString(36).padStart(9, '0')}-${sequence.toString(36).padStart(4, '0')}-${newId().slice(0, 18)}`;
};

export class AuditLog {
  /** Events this instance wrote, by kind, since it started (the metrics read them). */
  readonly counts = new Map<AuditKind, number>();
  /** Every sign-in writes an event: the statement is compiled once. */
  private readonly insert;

  constructor(
    private readonly db: Kysely<Database>,
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
    const at = this.clock();
    await this.insert(eventId(at), at, kind, accountId, JSON.stringify(detail));
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
  }

  /** Events from `since` on, oldest first, with the user ID of their account; of one account when it is given. */
  async list(since: number, accountId?: string): Promise<AuditEntry[]> {
    let query = this.db
      .selectFrom('audit_event')
      .leftJoin('account', 'account.id', 'audit_event.account_id')
      .select(['audit_event.at', 'audit_event.kind', 'account.user_id', 'audit_event.detail'])
      .where('audit_event.at', '>=', since);
    if (accountId) query = query.where('audit_event.account_id', '=', accountId);
    const rows = await query.orderBy('audit_event.at').orderBy('audit_event.id').execute();
    return rows.map((row) => ({
      at: new Date(Number(row.at)).toISOString(),
      kind: row.kind,
      userId: row.user_id ?? null,
      detail: JSON.parse(row.detail) as Record<string, unknown>,
    }));
  }
}

export interface AuditEntry {
  at: string;
  kind: string;
  userId: string | null;
  detail: Record<string, unknown>;
}
