/**
 * The audit trail as an operator reads it: filtered, oldest first, a page at a time by event ID (keyset paging, so a
 * page far in is as cheap as the first), or all of it as a stream of pages for an export.
 */
import type { Kysely } from 'kysely';
import type { AuditEntry } from './audit-log.js';
import type { Database } from './tables.js';

export interface AuditFilter {
  since: number;
  until?: number | undefined;
  accountId?: string | undefined;
  kind?: string | undefined;
  /** Only events of these cobrands' users (and so none without a user); null: all. */
  cobrands: readonly string[] | null;
  /** The event ID the previous page ended with. */
  after?: string | undefined;
}

export type AuditRecord = AuditEntry & { id: string };

export async function auditPage(
  db: Kysely<Database>,
  filter: AuditFilter,
  limit: number,
): Promise<{ events: AuditRecord[]; next: string | null }> {
  if (filter.cobrands?.length === 0) return { events: [], next: null };
  let query = db
    .selectFrom('audit_event')
    .leftJoin('account', 'account.id', 'audit_event.account_id')
    .select(['audit_event.id', 'audit_event.at', 'audit_event.kind', 'account.user_id', 'audit_event.detail'])
    .select(['audit_event.client_address', 'audit_event.user_agent', 'audit_event.actor'])
    .where('audit_event.at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('audit_event.at', '<', filter.until);
  if (filter.accountId) query = query.where('audit_event.account_id', '=', filter.accountId);
  if (filter.kind) query = query.where('audit_event.kind', '=', filter.kind);
  if (filter.cobrands) query = query.where('account.cobrand', 'in', [...filter.cobrands]);
  // Event IDs sort as the events happened (audit-log.ts), so they order the pages alone.
  if (filter.after) query = query.where('audit_event.id', '>', filter.after);
  const rows = await query
    .orderBy('audit_event.id')
    .limit(limit + 1)
    .execute();
  const events = rows.slice(0, limit).map((row) => ({
    id: row.id,
    at: new Date(Number(row.at)).toISOString(),
    kind: row.kind,
    userId: row.user_id ?? null,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
    address: row.client_address,
    userAgent: row.user_agent,
    actor: row.actor,
  }));
  return { events, next: rows.length > limit ? events.at(-1)!.id : null };
}

/** Every event the filter selects, a page of `pageSize` at a time: an export never holds the whole trail. */
export async function* auditStream(db: Kysely<Database>, filter: AuditFilter, pageSize = 500) {
  let after = filter.after;
  for (;;) {
    const { events, next } = await auditPage(db, { ...filter, after }, pageSize);
    yield* events;
    if (!next) return;
    after = next;
  }
}
