/**
 * A reading of the database that many ask for at once (readiness probes, scrapes): one in flight at a time, and each
 * asker waits for it at most a deadline. A database that hangs (PgBouncer paused, a failover half done) then holds
 * one connection, not one per probe, and every probe still answers in time.
 */

/** The reading took longer than its deadline. */
export class NoAnswerInTime extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

export class SingleFlight<T> {
  private inFlight: Promise<T> | null = null;

  constructor(private readonly deadlineMs: number) {}

  /** The reading in flight, or `start`'s when none is; rejects with NoAnswerInTime past the deadline. */
  run(start: () => Promise<T>): Promise<T> {
    this.inFlight ??= start().finally(() => {
      this.inFlight = null;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new NoAnswerInTime(this.deadlineMs)), this.deadlineMs);
      timer.unref();
    });
    return Promise.race([this.inFlight, late]).finally(() => clearTimeout(timer));
  }
}
