/**
 * Equal work for imported password hashes (docs/decisions.md, "Imported password hashes"). A try on an imported hash
 * makes the same argon2 verify as every other try (a dummy one) and, besides, its scheme's own check, which costs from
 * microseconds ({SSHA}) to most of a second (bcrypt cost 12). So that the time of a refusal tells no account apart,
 * every password try makes one check of each class of imported hash stored (scheme and cost): a try on an imported
 * account makes its own class's check on its hash and the others' on a stored hash of theirs, with a password no one
 * has; a try on any other account, or on none, makes them all so. Work, not a wait: it takes as long as they do under
 * any load. A deployment that imported nothing, or whose imported users have all signed in since, makes none.
 */
export interface LegacyPadDeps {
  /** One stored imported hash of each class (account/imported-hashes.ts). */
  storedImported(): Promise<{ costClass: string; stored: string }[]>;
  verify(stored: string, password: string): Promise<boolean>;
}

/** A password no one has: the other classes' checks are refused, with their full work. */
const NO_PASSWORD = '\u0000 not a password \u0000';

export class LegacyPad {
  /** A stored hash of each class: the target of that class's check on every other try. */
  private readonly classes = new Map<string, string>();
  private read: Promise<void> | null = null;

  constructor(private readonly deps: LegacyPadDeps) {}

  /** Checks an imported hash, and makes one check of each other class stored. */
  async verify(costClass: string, stored: string, password: string): Promise<boolean> {
    await this.ready();
    // A class imported since the classes were read is learnt from its first try (that one try is not matched).
    if (!this.classes.has(costClass)) this.classes.set(costClass, stored);
    const valid = await this.deps.verify(stored, password);
    await this.others(costClass);
    return valid;
  }

  /** A try on any other account, or on none: one check of each class stored. */
  async hold(): Promise<void> {
    await this.ready();
    await this.others(null);
  }

  /** The classes each try checks now. */
  get classCount(): number {
    return this.classes.size;
  }

  private async others(own: string | null): Promise<void> {
    for (const [costClass, sample] of this.classes) if (costClass !== own) await this.deps.verify(sample, NO_PASSWORD);
  }

  /** Reads the classes stored once a process, before the first try is answered. */
  private ready(): Promise<void> {
    this.read ??= this.deps
      .storedImported()
      .then((found) => {
        for (const { costClass, stored } of found)
          if (!this.classes.has(costClass)) this.classes.set(costClass, stored);
      })
      .catch(() => {
        // The database away: the next try reads them again.
        this.read = null;
      });
    return this.read;
  }
}
