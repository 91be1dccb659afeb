/** The mail outbox (ARCHITECTURE §7): enqueue inside the caller's transaction; claim, then mark sent or retry. */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import { doublingDelay } from '../db/poll-loop.js';
import type { Database } from '../db/tables.js';
import { newId } from '../security/ids.js';
import type { MailOutboxTable } from './mail-outbox.table.js';

export type OutboxRow = Selectable<MailOutboxTable>;
export interface OutgoingMail {
  recipient: string;
  senderName: string;
  subject: string;
  text: string;
  html: string;
}

const CLAIM_MS = 60_000;
/** 5 s, 10 s, 20 s … capped at 10 minutes: a mail server that is down is retried for as long as it takes. */
export const retryDelayMs = doublingDelay(5_000, 600_000);

export class OutboxStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Queues a mail in `trx`. `claimed`: the instance that queues it sends it once `trx` has committed (the mail worker's
   * `sendQueued`), so it is claimed from the start, as a pass would claim it, and no pass takes it meanwhile; should
   * that instance die first, the claim expires and another's pass sends it. Unclaimed, the next pass sends it.
   */
  async enqueue(
    trx: Transaction<Database> | Kysely<Database>,
    mail: OutgoingMail,
    now: number,
    claimed = false,
  ): Promise<OutboxRow> {
    const row: OutboxRow = {
      ...{ id: newId(), recipient: mail.recipient, sender_name: mail.senderName, subject: mail.subject },
      ...{ text_body: mail.text, html_body: mail.html, created_at: now, attempts: 0, next_attempt_at: now },
      ...{ claimed_until: claimed ? now + CLAIM_MS : null, sent_at: null, last_error: null },
    };
    await trx.insertInto('mail_outbox').values(row).execute();
    return row;
  }

  /** Claims up to `limit` due rows for this worker; two workers never hold the same row (SKIP LOCKED on PostgreSQL). */
  async claimDue(now: number, limit = 10): Promise<OutboxRow[]> {
    const lock = this.dialect === 'postgres' ? sql`for update skip locked` : sql``;
    const { rows } = await sql<OutboxRow>`
      update mail_outbox set claimed_until = ${now + CLAIM_MS}
      where id in (
        select id from mail_outbox
        where sent_at is null and next_attempt_at <= ${now} and (claimed_until is null or claimed_until < ${now})
        order by created_at limit ${limit} ${lock}
      )
      returning *`.execute(this.db);
    return rows.map((row) => ({
      ...row,
      created_at: Number(row.created_at),
      next_attempt_at: Number(row.next_attempt_at),
    }));
  }

  async markSent(id: string, now: number): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ sent_at: now, claimed_until: null, last_error: null })
      .where('id', '=', id)
      .execute();
  }

  async markFailed(row: OutboxRow, now: number, error: string): Promise<void> {
    const attempts = row.attempts + 1;
    await this.db
      .updateTable('mail_outbox')
      .set({
        attempts,
        next_attempt_at: now + retryDelayMs(attempts),
        claimed_until: null,
        last_error: error.slice(0, 500),
      })
      .where('id', '=', row.id)
      .execute();
  }

  /**
   * The newest mail to `recipient` that could not be sent yet after at least one try, or null: the help desk's "I never
   * got the mail". Read among the unsent rows (the outbox's index on sent_at), which an outage alone makes many.
   */
  async undelivered(
    recipient: string,
  ): Promise<Pick<OutboxRow, 'subject' | 'created_at' | 'attempts' | 'last_error'> | null> {
    const row = await this.db
      .selectFrom('mail_outbox')
      .select(['subject', 'created_at', 'attempts', 'last_error'])
      .where('sent_at', 'is', null)
      .where('recipient', '=', recipient)
      .where('attempts', '>', 0)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row ?? null;
  }

  async pending(): Promise<number> {
    const { n } = await this.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(n);
  }
}
