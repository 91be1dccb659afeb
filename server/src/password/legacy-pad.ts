/**
 * Equal work for imported password hashes (docs/decisions.md, "Imported password hashes"). A try on an imported hash
 * makes the same argon2 verify as every other try (a dummy one) and, besides, its scheme's own check, which costs from
 * microseconds ({SSHA}) to about two argon2 verifies (the import ceilings). So that the time of a refusal tells no
 * account apart, every password try on a cobrand's page makes one check of each cost class that cobrand holds (at
 * most four) and one of each microsecond scheme: a try on an imported account makes its own class's check on its own
 * hash and the others' on a stored hash of theirs, with a password no one has; a try on any other account, or on none,
 * makes them all so. Work, not a wait: it takes as long as they do under any load. Another cobrand's imports cost a
 * try here nothing: a scoped key's hashes slow only its own cobrands' pages.
 *
 * An imported hash whose class this page's cobrand does not hold (a user of another bank on this bank's page, or a
 * hash stored above today's ceilings) is not checked here: the try makes the page's checks and is refused as a wrong
 * password would be, so that it too looks like any other.
 */
import type { HeldClass, ParsedHash } from '../account/index.js';

export interface LegacyPadDeps {
  /** The cost classes a try on a cobrand's page checks, each with a stored hash of it (account/import-classes.ts). */
  classesOf(cobrand: string): Promise<HeldClass[]>;
  /** One of each microsecond scheme, of a password no one knows. */
  cheapSamples: Record<string, string>;
  /** Checks a password against a stored hash; `queued`, in the hash queue, as argon2 is (a costly class's check). */
  verify(stored: string, password: string, queued: boolean): Promise<boolean>;
}

/** A password no one has: the other classes' checks are refused, with their full work. */
const NO_PASSWORD = '\u0000 not a password \u0000';

export class LegacyPad {
  constructor(private readonly deps: LegacyPadDeps) {}

  /**
   * The imported-hash checks of one try on `page` (a cobrand's name): its own hash's, if it has one the page checks,
   * and one of every other class; true only when its own matched.
   */
  async check(page: string, own: ParsedHash | null, password: string): Promise<boolean> {
    const held = await this.deps.classesOf(page);
    const checked = own && (own.cheap || held.some((h) => h.costClass === own.costClass)) ? own : null;
    let valid = false;
    const one = async (isOwn: boolean, sample: string, queued: boolean) => {
      if (isOwn) valid = await this.deps.verify(checked!.stored, password, queued);
      else await this.deps.verify(sample, NO_PASSWORD, queued);
    };
    for (const [scheme, sample] of Object.entries(this.deps.cheapSamples))
      await one(checked?.cheap === true && checked.scheme === scheme, sample, false);
    for (const { costClass, sample } of held)
      await one(checked?.cheap === false && checked.costClass === costClass, sample, true);
    return valid;
  }
}
