/**
 * Each cobrand's own SIEM endpoint (`securityEvents` in its catalogue record), cached briefly: every audit event asks
 * whether its cobrand has one. Read through the caller's executor, so the audit event's transaction asks in itself
 * (SQLite has one connection: a read beside an open transaction would wait for it for ever).
 */
import type { Kysely } from 'kysely';
import type { SecurityEventsSchema } from '@portal/contract/schemas';
import type { Static } from 'typebox';
import type { Database } from '../db/tables.js';

export type CobrandEndpoint = Static<typeof SecurityEventsSchema>;

/** As the cobrand directory's cache: a catalogue import reaches the sinks within this. */
const CACHE_MS = 10_000;

export class CobrandEndpoints {
  private readonly cache = new Map<string, { endpoint: CobrandEndpoint | undefined; at: number }>();

  constructor(private readonly clock: () => number) {}

  async of(cobrand: string, db: Kysely<Database>): Promise<CobrandEndpoint | undefined> {
    const now = this.clock();
    const cached = this.cache.get(cobrand);
    if (cached && now - cached.at < CACHE_MS) return cached.endpoint;
    const row = await db.selectFrom('cobrand').select('record').where('name', '=', cobrand).executeTakeFirst();
    const stored = row ? (JSON.parse(row.record) as { record: { securityEvents?: CobrandEndpoint } }) : undefined;
    const endpoint = stored?.record.securityEvents;
    if (this.cache.size >= 1_000) this.cache.clear();
    this.cache.set(cobrand, { endpoint, at: now });
    return endpoint;
  }
}
