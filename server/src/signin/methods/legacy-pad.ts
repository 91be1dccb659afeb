/**
 * Equal time for imported password hashes (docs/decisions.md, "Imported password hashes"). A try on an imported hash
 * makes the same argon2 verify as every other try (a dummy one) and, besides, its scheme's own check, which costs from
 * microseconds ({SSHA}) to most of a second (bcrypt cost 12). So that the time of a refusal tells no account apart,
 * every password try then waits as long as the dearest class of imported hash stored takes to check: a try on that
 * class waits nothing more, a cheaper one the difference, a try on any other account (or on none) the whole of it.
 * A deployment that imported nothing, or whose imported users have all signed in since, waits nothing.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface LegacyPadDeps {
  /** The imported hashes stored now, one of each class is enough: the pad times one check of each. */
  storedImported(): Promise<{ costClass: string; stored: string }[]>;
  verify(stored: string, password: string): Promise<boolean>;
}

/** A password no one has: the calibration's checks are refused, with the class's full work. */
const CALIBRATION_PASSWORD = 'calibration \u0000 not a password';

export class LegacyPad {
  private readonly classes = new Map<string, number>();
  private dearest = 0;
  private calibrated: Promise<void> | null = null;

  constructor(private readonly deps: LegacyPadDeps) {}

  /** Checks an imported hash, then waits out what the dearest class takes beyond it. */
  async verify(costClass: string, stored: string, password: string): Promise<boolean> {
    await this.ready();
    const started = performance.now();
    const valid = await this.deps.verify(stored, password);
    const took = performance.now() - started;
    // A class imported since the calibration is learnt from its first check (that one try is not padded up to it).
    if (!this.classes.has(costClass)) this.learn(costClass, took);
    await this.wait(this.dearest - took);
    return valid;
  }

  /** A try on any other account, or on none: waits as long as the dearest imported class takes. */
  async hold(): Promise<void> {
    await this.ready();
    await this.wait(this.dearest);
  }

  /** The milliseconds every password try waits now (0 when nothing imported is stored). */
  get padMs(): number {
    return this.dearest;
  }

  /** Times one check of each class stored, once per process, before the first try is answered. */
  private ready(): Promise<void> {
    this.calibrated ??= this.calibrate().catch(() => {
      // The database away: the pad learns from the tries themselves, and the next try calibrates again.
      this.calibrated = null;
    });
    return this.calibrated;
  }

  private async calibrate(): Promise<void> {
    for (const { costClass, stored } of await this.deps.storedImported()) {
      if (this.classes.has(costClass)) continue;
      const started = performance.now();
      await this.deps.verify(stored, CALIBRATION_PASSWORD);
      this.learn(costClass, performance.now() - started);
    }
  }

  private learn(costClass: string, ms: number): void {
    this.classes.set(costClass, ms);
    this.dearest = Math.max(this.dearest, ms);
  }

  private async wait(ms: number): Promise<void> {
    if (ms >= 1) await sleep(ms);
  }
}
