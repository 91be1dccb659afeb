/**
 * The SIEM outbox: each audit event is queued for every sink that takes it, in the audit row's transaction; workers
 * on any instance claim rows, the earliest waiting one of each account and sink only, so an account's events reach a
 * sink in order, and a row leaves the outbox only once its sink took it. A process that sends nothing itself (the
 * command line) queues one `deployment` row instead, which a service's worker turns into a row for each sink it is
 * configured with: what the CLI's own environment holds does not matter (docs/decisions.md).
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AuditForwarder } from '../db/audit-log.js';
import type { Dialect } from '../db/database.js';
import { insertMany } from '../db/insert-many.js';
import { doublingDelay } from '../db/poll-loop.js';
import type { Database } from '../db/tables.js';
import type { CobrandEndpoints } from './cobrand-endpoints.js';
import { securityEvent } from './security-event.js';
import type { SiemOutboxTable } from './siem-outbox.table.js';

export type SiemRow = Selectable<SiemOutboxTable>;

const CLAIM_MS = 60_000;
/** 1 s, 2 s, 4 s … capped at 5 minutes: a receiver that is down is tried again for as long as it takes. */
export const retryDelayMs = doublingDelay(1_000, 300_000);

export const cobrandSink = (cobrand: string): string => `cobrand:${cobrand}`;
/** An event for the deployment's sinks as the service that sends it is configured (written by the command line). */
export const DEPLOYMENT = 'deployment';

export class SiemOutbox {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    /** The deployment's sinks (`webhook`, `syslog`): every event goes to each. */
    private readonly sinks: readonly string[],
    private readonly endpoints: CobrandEndpoints,
  ) {}

  /** Queues each event, with its account as it stands, for the deployment's sinks and its cobrand's: one insert. */
  readonly forwarder: AuditForwarder = async (trx, events) => {
    const rows = [];
    for (const event of events) {
      const { account } = event;
      const cobrand = account?.cobrand;
      const sinks =
        cobrand && (await this.endpoints.of(cobrand, trx)) ? [...this.sinks, cobrandSink(cobrand)] : this.sinks;
      const payload = JSON.stringify(securityEvent(event, account));
      const common = { event_id: event.id, stream: event.accountId ?? '', payload, created_at: event.at, attempts: 0 };
      const row = { ...common, next_attempt_at: event.at, claimed_until: null, last_error: null };
      rows.push(...sinks.map((sink) => ({ ...row, sink })));
    }
    await insertMany(trx, 'siem_outbox', rows);
  };

  /**
   * Claims up to `limit` due rows, each the earliest waiting event of its account and sink (a later one waits for it,
   * even while it waits out a retry); two workers never hold the same row (SKIP LOCKED on PostgreSQL).
   */
  async claimDue(now: number, limit = 50): Promise<SiemRow[]> {
    const lock = this.dialect === 'postgres' ? sql`for update skip locked` : sql``;
    const { rows } = await sql<SiemRow>`
      update siem_outbox set claimed_until = ${now + CLAIM_MS}
      where (sink, event_id) in (
        select o.sink, o.event_id from siem_outbox o
        where o.next_attempt_at <= ${now} and (o.claimed_until is null or o.claimed_until < ${now})
          and not exists (
            select 1 from siem_outbox e where e.sink = o.sink and e.stream = o.stream and e.event_id < o.event_id
          )
          and not exists (
            select 1 from siem_outbox d where d.sink = ${DEPLOYMENT} and d.stream = o.stream and d.event_id < o.event_id
          )
        order by o.event_id limit ${limit} ${lock}
      )
      returning *`.execute(this.db);
    return rows
      .map((row) => ({
        ...row,
        created_at: Number(row.created_at),
        next_attempt_at: Number(row.next_attempt_at),
        claimed_until: row.claimed_until === null ? null : Number(row.claimed_until),
      }))
      .sort((a, b) => (a.event_id < b.event_id ? -1 : 1));
  }

  /**
   * A claimed `deployment` row becomes one row for each of this service's sinks (none: the event is dropped), in one
   * transaction, and only while the claim is still this worker's: another instance whose claim expired and who took
   * the row over does it instead, never both, so each sink gets the event once.
   */
  async fanOut(row: SiemRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .deleteFrom('siem_outbox')
        .where('sink', '=', DEPLOYMENT)
        .where('event_id', '=', row.event_id)
        .where('claimed_until', '=', row.claimed_until)
        .executeTakeFirst();
      if (Number(taken.numDeletedRows) === 0 || this.sinks.length === 0) return;
      const { event_id: eventId, stream, payload, created_at: createdAt } = row;
      const common = { event_id: eventId, stream, payload, created_at: createdAt, attempts: 0 };
      await trx
        .insertInto('siem_outbox')
        .values(this.sinks.map((sink) => ({ ...common, sink, next_attempt_at: createdAt, claimed_until: null })))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    });
  }

  async delivered(row: SiemRow): Promise<void> {
    await this.db.deleteFrom('siem_outbox').where('sink', '=', row.sink).where('event_id', '=', row.event_id).execute();
  }

  async failed(row: SiemRow, now: number, error: string): Promise<void> {
    const attempts = row.attempts + 1;
    await this.db
      .updateTable('siem_outbox')
      .set({
        attempts,
        next_attempt_at: now + retryDelayMs(attempts),
        claimed_until: null,
        last_error: error.slice(0, 500),
      })
      .where('sink', '=', row.sink)
      .where('event_id', '=', row.event_id)
      .execute();
  }

  /** Events waiting (database-wide), and since when the oldest waits: the metrics' delivery lag. */
  async backlog(now: number): Promise<{ events: number; oldestSeconds: number }> {
    const { n, oldest } = await this.db
      .selectFrom('siem_outbox')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<number | null>('created_at').as('oldest')])
      .executeTakeFirstOrThrow();
    return { events: Number(n), oldestSeconds: oldest === null ? 0 : Math.max(0, (now - Number(oldest)) / 1000) };
  }
}
