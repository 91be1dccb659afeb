/**
 * Sends what the SIEM outbox holds. Every instance runs one, on the outboxes' loop (db/poll-loop.ts): it claims due
 * rows, hands each to its sink, and deletes it or schedules a retry, so events survive a receiver that is down and a
 * process that dies (the claim expires).
 */
import type { Clock } from '../clock.js';
import { PollLoop } from '../db/poll-loop.js';
import { DEPLOYMENT, type SiemOutbox, type SiemRow } from './siem-outbox.js';
import type { Sink } from './sinks.js';

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/** The sink a row names, as configured now; throws when it is not (a cobrand's endpoint removed, its secret unset). */
export type SinkFor = (name: string) => Promise<Sink>;

export class SiemWorker {
  /** Events this instance delivered, and tries that failed (each tried again), since it started: the metrics read them. */
  readonly outcomes = { delivered: 0, failed: 0 };
  /** The sinks that failed last time, so the log says once that one is down and once that it is back. */
  private readonly down = new Set<string>();
  private readonly loop: PollLoop<SiemRow>;

  constructor(
    private readonly outbox: SiemOutbox,
    private readonly sinkFor: SinkFor,
    private readonly clock: Clock,
    private readonly log: Log,
    /** A pass that failed (the database away): the service logs it once per cause and interval (outage-log.ts). */
    passFailed: (error: unknown) => void = (err) => log.warn({ err }, 'SIEM pass failed'),
    intervalMs = 1_000,
  ) {
    // Each row is the earliest waiting of its account and sink: they go out together, each marked on its outcome; a
    // failed one ends the pass, its receiver being likely down, and its rows wait out their retry.
    const work = { claim: () => this.outbox.claimDue(this.clock()), handle: (row: SiemRow) => this.deliverOne(row) };
    this.loop = new PollLoop(work, passFailed, intervalMs);
  }

  start(): void {
    this.loop.start();
  }

  /** Runs a pass now unless one is already running; resolves when it ends. */
  nudge(): Promise<void> {
    return this.loop.nudge();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async deliverOne(row: SiemRow): Promise<boolean> {
    // The command line's event, for the sinks this service sends to: queued for each, sent from the next batch on.
    if (row.sink === DEPLOYMENT) return this.outbox.fanOut(row).then(() => true);
    try {
      await (await this.sinkFor(row.sink)).deliver(row);
    } catch (error) {
      const reason =
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      if (!this.down.has(row.sink))
        this.log.warn(
          { siem: { sink: row.sink, eventId: row.event_id, attempt: row.attempts + 1, reason } },
          `the SIEM receiver ${row.sink} failed (${reason}); its events are kept and tried again`,
        );
      this.down.add(row.sink);
      await this.outbox.failed(row, this.clock(), reason);
      this.outcomes.failed += 1;
      return false;
    }
    await this.outbox.delivered(row);
    if (this.down.delete(row.sink))
      this.log.info({ siem: { sink: row.sink } }, `the SIEM receiver ${row.sink} takes events again`);
    this.outcomes.delivered += 1;
    return true;
  }
}
