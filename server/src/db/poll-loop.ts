/**
 * The loop an outbox's worker runs (the mail outbox, the SIEM outbox): a pass every interval and whenever it is nudged,
 * never two at once. A pass claims the due rows in batches and hands a batch's rows over together, each marked on its
 * own outcome, until none is due or one failed: its receiver is likely down, and the rows wait out their retry
 * (`doublingDelay`) rather than being claimed again at once. Rows are claimed for a while, so a process that dies
 * mid-pass loses none: another instance's pass takes them once the claim expires.
 */

/** What a pass works through: the rows due now, and what is done with each. */
export interface PollWork<Row> {
  /** Claims the rows due now for this instance; none ends the pass. */
  claim(): Promise<Row[]>;
  /** Hands one claimed row over and marks it; false when that failed and the row waits for its retry. */
  handle(row: Row): Promise<boolean>;
}

export class PollLoop<Row> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly work: PollWork<Row>,
    /** A pass that threw (the database away); the next interval tries again. */
    private readonly passFailed: (error: unknown) => void,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.nudge(), this.intervalMs);
    this.timer.unref();
  }

  /** Runs a pass now (after an enqueue) unless one is already running; resolves when the pass ends. */
  nudge(): Promise<void> {
    this.running ??= this.pass()
      .catch(this.passFailed)
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Ends the passes by interval; resolves once the pass running, if any, has ended. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async pass(): Promise<void> {
    for (let batch = await this.work.claim(); batch.length > 0; batch = await this.work.claim()) {
      const handled = await Promise.all(batch.map((row) => this.work.handle(row)));
      if (handled.includes(false)) return; // a receiver is likely down: the next pass tries again
    }
  }
}

/** A retry's delay after `attempts` failed tries: `firstMs`, then twice as long each time, at most `capMs`. */
export const doublingDelay =
  (firstMs: number, capMs: number) =>
  (attempts: number): number =>
    Math.min(firstMs * 2 ** Math.max(0, attempts - 1), capMs);
