/**
 * Sends what the outbox holds. Every instance runs one: it claims due rows, sends each, and marks it sent or
 * schedules a retry, so mail survives a mail server that is down and a process that dies (the claim expires).
 */
import type { Clock } from '../clock.js';
import type { OutboxRow, OutboxStore } from './outbox-store.js';
import type { MailTransport } from './transport.js';

export class MailWorker {
  /** Mails this instance sent, and tries that failed (each retried later), since it started: the metrics read them. */
  readonly outcomes = { sent: 0, failed: 0 };
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly outbox: OutboxStore,
    private readonly transport: MailTransport,
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs = 2_000,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => this.nudge(), this.intervalMs);
    this.timer.unref();
  }

  /** Runs a pass now (after an enqueue) unless one is already running. */
  nudge(): Promise<void> {
    this.running ??= this.pass()
      .catch(this.onError)
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.transport.close();
  }

  private async pass(): Promise<void> {
    for (
      let batch = await this.outbox.claimDue(this.clock());
      batch.length > 0;
      batch = await this.outbox.claimDue(this.clock())
    ) {
      // A batch's mails go out together (the transport keeps a few connections), each marked on its own outcome.
      const sent = await Promise.all(batch.map((row) => this.sendOne(row)));
      if (sent.includes(false)) return; // the server is likely down: the next pass tries again
    }
  }

  private async sendOne(row: OutboxRow): Promise<boolean> {
    try {
      await this.transport.send(row);
    } catch (error) {
      await this.outbox.markFailed(row, this.clock(), (error as Error).message ?? String(error));
      this.outcomes.failed += 1;
      return false;
    }
    await this.outbox.markSent(row.id, this.clock());
    this.outcomes.sent += 1;
    return true;
  }
}
