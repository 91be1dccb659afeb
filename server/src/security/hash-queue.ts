/**
 * argon2's own bounded queue (docs/operations.md, "Login storms"). At most `concurrency` hashes run at once, so
 * libuv's pool always keeps threads for the file system and DNS; the work waiting is known, so a sign-in can be
 * refused at once when it would wait longer than `maxQueueSeconds` (Keycloak's `http-max-queued-requests`, but in
 * seconds of work, which follow the machine); and a waiter whose browser has gone is dropped before its hash starts.
 * One queue per process: the cores it shares out are the process's.
 */

/** The settings, from HASH_CONCURRENCY and HASH_QUEUE_SECONDS. */
export interface HashQueueSettings {
  concurrency: number;
  maxQueueSeconds: number;
}

/** Refused for load: the queue already holds more work than the limit. */
export class HashQueueFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('hash queue full');
  }
}

/** The browser went away while its hash waited: nothing is done for it. */
export class HashAbandoned extends Error {
  constructor() {
    super('abandoned while queued');
  }
}

/** A running place in the queue; `release` lets the next waiter start. */
export interface HashSlot {
  release(): void;
}

interface Waiter {
  start: (slot: HashSlot) => void;
  queuedAt: number;
}

/** What the queue has done, for the metrics (running totals, read at scrape time). */
export interface HashQueueCounts {
  hashes: number;
  refused: number;
  abandoned: number;
  waitSeconds: number;
  waited: number;
}

// A verify on one core of today's servers; replaced by the measured mean from the first hash on.
const FIRST_GUESS_MS = 50;
// Weight of each new measurement: the mean follows a slower or faster machine within a few dozen hashes.
const SMOOTHING = 0.1;

export class HashQueue {
  private settings: HashQueueSettings = { concurrency: 2, maxQueueSeconds: 1 };
  private running = 0;
  private readonly waiting = new Set<Waiter>();
  private meanMs = FIRST_GUESS_MS;
  private measured = false;
  private readonly totals: HashQueueCounts = { hashes: 0, refused: 0, abandoned: 0, waitSeconds: 0, waited: 0 };

  configure(settings: HashQueueSettings): void {
    this.settings = { ...settings, concurrency: Math.max(1, settings.concurrency) };
  }

  /** Seconds of work ahead of a new arrival: what it would wait before its hash starts. */
  backlogSeconds(): number {
    return (this.waiting.size * this.meanMs) / 1000 / this.settings.concurrency;
  }

  /** True while new sign-ins are refused: readiness reports it so the balancer sends them elsewhere. */
  saturated(): boolean {
    return this.backlogSeconds() > this.settings.maxQueueSeconds;
  }

  /** Throws HashQueueFull when the queue holds more than the limit; counts the refusal. */
  admit(): void {
    if (!this.saturated()) return;
    this.totals.refused += 1;
    // The queue drains its excess over the limit in about this long; never less than a second.
    throw new HashQueueFull(Math.max(1, Math.ceil(this.backlogSeconds() - this.settings.maxQueueSeconds + 1)));
  }

  /** A place to run one hash: at once when one is free, else in turn. Rejects with HashAbandoned on `signal`. */
  acquire(signal?: AbortSignal): Promise<HashSlot> {
    if (signal?.aborted) return this.abandon();
    if (this.running < this.settings.concurrency && this.waiting.size === 0) return Promise.resolve(this.take());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { queuedAt: performance.now(), start: resolve };
      this.waiting.add(waiter);
      signal?.addEventListener(
        'abort',
        () => {
          if (!this.waiting.delete(waiter)) return;
          this.totals.abandoned += 1;
          reject(new HashAbandoned());
        },
        { once: true },
      );
    });
  }

  /** Runs one hash in a place of its own, measuring it. */
  async run<T>(hash: () => Promise<T>, slot?: HashSlot): Promise<T> {
    const held = slot ?? (await this.acquire());
    const started = performance.now();
    try {
      return await hash();
    } finally {
      this.measure(performance.now() - started);
      held.release();
    }
  }

  /** The queue as it stands, for the metrics and the tests. */
  stats() {
    const { concurrency, maxQueueSeconds } = this.settings;
    return {
      concurrency,
      maxQueueSeconds,
      running: this.running,
      waiting: this.waiting.size,
      meanSeconds: this.meanMs / 1000,
      backlogSeconds: this.backlogSeconds(),
      counts: { ...this.totals },
    };
  }

  private abandon(): Promise<never> {
    this.totals.abandoned += 1;
    return Promise.reject(new HashAbandoned());
  }

  private take(): HashSlot {
    this.running += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.running -= 1;
        this.next();
      },
    };
  }

  /** Starts the longest waiter when a place is free (a Set keeps insertion order: first in, first out). */
  private next(): void {
    const first = this.waiting.values().next();
    if (first.done || this.running >= this.settings.concurrency) return;
    this.waiting.delete(first.value);
    this.totals.waited += 1;
    this.totals.waitSeconds += (performance.now() - first.value.queuedAt) / 1000;
    first.value.start(this.take());
  }

  private measure(ms: number): void {
    this.totals.hashes += 1;
    this.meanMs = this.measured ? this.meanMs + SMOOTHING * (ms - this.meanMs) : ms;
    this.measured = true;
  }
}

/** The process's one queue (passwords.ts runs every argon2 call through it). */
export const hashQueue = new HashQueue();
