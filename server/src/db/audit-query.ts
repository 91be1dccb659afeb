/**
 * The audit trail as an operator reads it: filtered, oldest first, a page at a time by event ID (keyset paging, so a
 * page far in is as cheap as the first), or all of it as a stream of pages for an export. Event IDs begin with their
 * time, so a page seeks to its window by ID; and a page looks at no more than `LOOKED_AT` events, so a filter few
 * events match (a kind, a key's cobrands) ends a page early, even empty, with `next` where it stopped, rather than
 * read the whole window in one statement (on SQLite, on the service's thread).
 */
import type { Kysely } from 'kysely';
import { type AuditEntry, eventIdFrom } from './audit-log.js';
import type { Database } from './tables.js';

export interface AuditFilter {
  since: number;
  until?: number | undefined;
  accountId?: string | undefined;
  kind?: string | undefined;
  /** Who made the changes (`operator:<name>`, `api:<key>`, `cli:<login>`). */
  actor?: string | undefined;
  /** Only events of these cobrands' users (and so none without a user); null: all. */
  cobrands: readonly string[] | null;
  /** The event ID the previous page ended with. */
  after?: string | undefined;
}

export type AuditRecord = AuditEntry & { id: string };

/** The most events one page looks at, whether they match or not. */
export const LOOKED_AT = 5_000;

/** The IDs a page's events lie between: after the floor of its window and the previous page, before the ceiling. */
interface IdRange {
  after: string[];
  before: string | undefined;
}

/** The ID of the last event a page may look at (none: the window ends first). */
async function lastLookedAt(db: Kysely<Database>, range: IdRange) {
  let query = db.selectFrom('audit_event').select('id');
  for (const id of range.after) query = query.where('id', '>', id);
  if (range.before !== undefined) query = query.where('id', '<', range.before);
  const row = await query
    .orderBy('id')
    .limit(1)
    .offset(LOOKED_AT - 1)
    .executeTakeFirst();
  return row?.id;
}

export async function auditPage(
  db: Kysely<Database>,
  filter: AuditFilter,
  limit: number,
): Promise<{ events: AuditRecord[]; next: string | null }> {
  if (filter.cobrands?.length === 0) return { events: [], next: null };
  // No ID is the bare time it begins with, so "after" it is exact.
  const range: IdRange = {
    after: [eventIdFrom(filter.since), ...(filter.after ? [filter.after] : [])],
    before: filter.until === undefined ? undefined : eventIdFrom(filter.until),
  };
  // A filter that may match few events is bounded; a user's events have an index of their own, and without a filter
  // every event looked at is on the page.
  const sparse = !filter.accountId && (Boolean(filter.kind) || Boolean(filter.actor) || filter.cobrands !== null);
  const last = sparse ? await lastLookedAt(db, range) : undefined;
  let query = db
    .selectFrom('audit_event')
    .leftJoin('account', 'account.id', 'audit_event.account_id')
    .select(['audit_event.id', 'audit_event.at', 'audit_event.kind', 'account.user_id', 'audit_event.detail'])
    .select(['audit_event.client_address', 'audit_event.user_agent', 'audit_event.actor'])
    .where('audit_event.at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('audit_event.at', '<', filter.until);
  if (filter.accountId) query = query.where('audit_event.account_id', '=', filter.accountId);
  if (filter.kind) query = query.where('audit_event.kind', '=', filter.kind);
  if (filter.actor) query = query.where('audit_event.actor', '=', filter.actor);
  if (filter.cobrands) query = query.where('account.cobrand', 'in', [...filter.cobrands]);
  // Event IDs sort as the events happened (audit-log.ts), so they order the pages alone, and bound them.
  for (const id of range.after) query = query.where('audit_event.id', '>', id);
  if (range.before !== undefined) query = query.where('audit_event.id', '<', range.before);
  if (last !== undefined) query = query.where('audit_event.id', '<=', last);
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
  // A full page goes on after its last event; a short one after the last event it looked at, if the window goes on.
  return { events, next: rows.length > limit ? events.at(-1)!.id : (last ?? null) };
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
