/**
 * Sends what the outbox holds. Every instance runs one, on the outboxes' loop (db/poll-loop.ts): it claims due rows,
 * sends each, and marks it sent or schedules a retry, so mail survives a mail server that is down and a process that
 * dies (the claim expires).
 */
import type { Clock } from '../clock.js';
import { PollLoop } from '../db/poll-loop.js';
import { newId } from '../security/ids.js';
import { type OutboxRow, type OutboxStore, type OutgoingMail, retryDelayMs } from './outbox-store.js';
import type { MailTransport } from './transport.js';

type Log = { warn(obj: object, msg: string): void };

/** Anything that looks like a mail address: a relay's refusal usually quotes the recipient's. */
const ADDRESS = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g;

/**
 * What the operator needs of a failed send (nodemailer's code, the command and the server's answer), with every
 * address in it masked: the log is no place for a user's mail address. Never the error itself, which lists them.
 */
export function sendFailure(error: unknown): Record<string, string | number> {
  const { code, command, responseCode, message } = error as Partial<Record<string, unknown>>;
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof command === 'string' ? { command } : {}),
    ...(typeof responseCode === 'number' ? { responseCode } : {}),
    message: String(message ?? error).replace(ADDRESS, '[address]'),
  };
}

export class MailWorker {
  /** Mails this instance sent, and tries that failed (each retried later), since it started: the metrics read them. */
  readonly outcomes = { sent: 0, failed: 0 };
  private readonly loop: PollLoop<OutboxRow>;
  /** The mails `sendQueued` is sending: stopping waits for them. */
  private readonly sending = new Set<Promise<unknown>>();
  /** Until when `sendQueued` sends nothing, a send having failed. */
  private directAgainAt = 0;

  constructor(
    private readonly outbox: OutboxStore,
    private readonly transport: MailTransport,
    private readonly clock: Clock,
    private readonly log: Log,
    /** A pass that failed (the database away): the service logs it once per cause and interval (outage-log.ts). */
    private readonly passFailed: (error: unknown) => void = (err) => log.warn({ err }, 'mail pass failed'),
    intervalMs = 2_000,
  ) {
    // A batch's mails go out together (the transport keeps a few connections), each marked on its own outcome; a
    // failed one ends the pass, the server being likely down.
    const work = { claim: () => this.outbox.claimDue(this.clock()), handle: (row: OutboxRow) => this.sendOne(row) };
    this.loop = new PollLoop(work, passFailed, intervalMs);
  }

  start(): void {
    this.loop.start();
  }

  /** Runs a pass now (after an enqueue) unless one is already running. */
  nudge(): Promise<void> {
    return this.loop.nudge();
  }

  /** This instance sends the mails it queues itself, claimed as they are queued (OutboxStore.enqueue). */
  readonly claims: boolean = true;

  /**
   * Sends a mail this instance queued, claimed, once its transaction has committed: no pass has to claim it first,
   * which was a statement and a commit of its own for every mail. After a send failed (the relay likely down), the
   * mails queued until its retry are left to the passes once their claims run out, so that an outage costs one
   * failed send and one log line per retry, not one per sign-in.
   */
  async sendQueued(row: OutboxRow): Promise<void> {
    if (this.clock() < this.directAgainAt) return;
    const sending = this.sendOne(row).then(
      (sent) => void (sent || (this.directAgainAt = this.clock() + retryDelayMs(1))),
      (error: unknown) => this.passFailed(error),
    );
    this.sending.add(sending);
    await sending.finally(() => this.sending.delete(sending));
  }

  /**
   * Sends one mail now, outside the outbox, for a user who waits on it (a new-device code): true when the relay took
   * it. Nothing is kept or tried again: such a mail is worth its minutes only, and the user can ask for another.
   */
  async sendNow(mail: OutgoingMail): Promise<boolean> {
    const now = this.clock();
    const row: OutboxRow = {
      ...{ id: newId(), recipient: mail.recipient, sender_name: mail.senderName, subject: mail.subject },
      ...{ text_body: mail.text, html_body: mail.html, created_at: now, attempts: 0, next_attempt_at: now },
      ...{ claimed_until: null, sent_at: null, last_error: null },
    };
    try {
      await this.transport.send(row);
    } catch (error) {
      this.log.warn({ mailId: row.id, smtp: sendFailure(error) }, 'a mail a user waits for could not be sent');
      this.outcomes.failed += 1;
      return false;
    }
    this.outcomes.sent += 1;
    return true;
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await Promise.all(this.sending);
    this.transport.close();
  }

  private async sendOne(row: OutboxRow): Promise<boolean> {
    try {
      await this.transport.send(row);
    } catch (error) {
      const smtp = sendFailure(error);
      this.log.warn({ mailId: row.id, attempt: row.attempts + 1, smtp }, 'a mail could not be sent; it is tried again');
      await this.outbox.markFailed(row, this.clock(), String(smtp.message));
      this.outcomes.failed += 1;
      return false;
    }
    await this.outbox.markSent(row.id, this.clock());
    this.outcomes.sent += 1;
    return true;
  }
}
