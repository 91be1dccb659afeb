/**
 * Where SCIM's pages begin. SCIM pages by index (`startIndex`), which a database can only reach by walking every row
 * before it; so each instance remembers, for a listing (the caller's cobrands and the filter), the user ID key each page
 * it served ended at, under the startIndex that follows it. A client reading page after page (1, 101, 201, ...) then
 * has each page begun by key where the last ended, however far in; a jump, or the next page after one another instance
 * served, begins at the nearest remembered place before it and skips the rest (docs/decisions.md, "Every user lookup
 * indexed"). What it keeps is bounded: listings and places per listing, each for a while.
 */
import type { Criteria } from './filter.js';

const LISTINGS = 200;
const PLACES = 50;
const KEPT_MS = 15 * 60_000;

interface Place {
  /** The user ID key of the row before this index. */
  after: string;
  at: number;
}

export class PageCursors {
  private readonly listings = new Map<string, Map<number, Place>>();

  constructor(private readonly clock: () => number = Date.now) {}

  /** The nearest remembered place at or before `startIndex`: where to begin, and how many rows are left to skip. */
  from(listing: string, startIndex: number): { after: string | undefined; skip: number } {
    const places = this.listings.get(listing);
    let best: [number, Place] | undefined;
    for (const entry of places ?? []) {
      if (this.clock() - entry[1].at > KEPT_MS) places!.delete(entry[0]);
      else if (entry[0] <= startIndex && (!best || entry[0] > best[0])) best = entry;
    }
    return best ? { after: best[1].after, skip: startIndex - best[0] } : { after: undefined, skip: startIndex - 1 };
  }

  /** The row before `startIndex` has the key `after`. */
  remember(listing: string, startIndex: number, after: string): void {
    const places = this.listings.get(listing) ?? new Map<number, Place>();
    // The most recently used listing and place last: the oldest go first.
    this.listings.delete(listing);
    this.listings.set(listing, places);
    places.delete(startIndex);
    places.set(startIndex, { after, at: this.clock() });
    if (places.size > PLACES) places.delete(places.keys().next().value!);
    if (this.listings.size > LISTINGS) this.listings.delete(this.listings.keys().next().value!);
  }
}

/** A listing: the users a caller of these cobrands selects with these criteria. */
export const listingOf = (cobrands: readonly string[] | null, criteria: Criteria): string =>
  JSON.stringify([
    cobrands ? [...cobrands].sort() : null,
    criteria.userId ?? null,
    criteria.email ?? null,
    criteria.externalId ?? null,
    criteria.active ?? null,
    criteria.cobrand ?? null,
    criteria.deleted ?? null,
  ]);
