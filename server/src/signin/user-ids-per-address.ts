/**
 * How many distinct user IDs each client address tried to sign in with over the last five minutes, in this process:
 * credential stuffing from few addresses shows as one address trying many user IDs, which neither the per-address
 * throttle (a rate) nor the per-account lock (one account) sees. An estimate kept cheap and bounded: the user IDs are
 * kept only as 32-bit keyed hashes, at most MAX_IDS an address, for at most MAX_ADDRESSES addresses; nothing of it
 * leaves the process but the two figures of `reading` (docs/operations.md, "Metrics").
 */
import { createHmac, randomBytes } from 'node:crypto';

export const WINDOW_MS = 5 * 60_000;
/** An address counts its distinct user IDs up to this many: past it, the figure stays at the cap. */
export const MAX_IDS = 64;
/** Addresses kept at once; past it, one of the least recent is let go (`letOneGo`). */
export const MAX_ADDRESSES = 4096;
/** `reading().many` counts the addresses that tried more than this many distinct user IDs. */
export const MANY_IDS = 10;
/** How many of the least recent addresses are looked at for the one to let go. */
const EVICTION_LOOK = 8;

/** One address's user IDs (hashed) and when each was last tried. */
interface Tried {
  ids: number[];
  at: number[];
  last: number;
}

export interface UserIdSpread {
  /** The most distinct user IDs one address tried in the window (at most MAX_IDS). */
  max: number;
  /** Addresses that tried more than MANY_IDS distinct user IDs in the window. */
  many: number;
}

export class UserIdsPerAddress {
  // Map keeps insertion order: an address is moved to the end at each try, so the first is the least recent.
  private readonly addresses = new Map<string, Tried>();
  // A key of this process alone: the hashes mean nothing outside it, and are not kept anywhere else.
  private readonly key = randomBytes(16);

  /** A try from `address` on the user ID whose folded form is `userIdKey`. */
  tried(address: string | undefined, userIdKey: string, now: number): void {
    if (!address) return;
    const id = createHmac('sha256', this.key).update(userIdKey).digest().readInt32BE(0);
    let tried = this.addresses.get(address);
    if (tried) this.addresses.delete(address);
    else {
      if (this.addresses.size >= MAX_ADDRESSES) this.letOneGo(now);
      tried = { ids: [], at: [], last: now };
    }
    this.addresses.set(address, tried);
    tried.last = now;
    record(tried, id, now);
  }

  /** Addresses kept now (at most MAX_ADDRESSES). */
  get size(): number {
    return this.addresses.size;
  }

  /** The figures now; addresses with nothing left in the window are let go on the way. */
  reading(now: number): UserIdSpread {
    let max = 0;
    let many = 0;
    for (const [address, tried] of this.addresses) {
      const count = prune(tried, now);
      if (count === 0) this.addresses.delete(address);
      max = Math.max(max, count);
      if (count > MANY_IDS) many += 1;
    }
    return { max, many };
  }

  /**
   * Of the few least recent addresses, one that has gone quiet, else the one that tried the fewest user IDs: a flood
   * of addresses trying one or two each does not push out one that tries many.
   */
  private letOneGo(now: number): void {
    let looked = 0;
    let fewest: { address: string; count: number } | undefined;
    for (const [address, tried] of this.addresses) {
      if (tried.last <= now - WINDOW_MS) {
        this.addresses.delete(address);
        return;
      }
      if (!fewest || tried.ids.length < fewest.count) fewest = { address, count: tried.ids.length };
      if (++looked >= EVICTION_LOOK) break;
    }
    if (fewest) this.addresses.delete(fewest.address);
  }
}

/** The user ID's time renewed, or added: in a free place, or in place of the oldest when the address is at its cap. */
function record(tried: Tried, id: number, now: number): void {
  const known = tried.ids.indexOf(id);
  if (known >= 0) {
    tried.at[known] = now;
    return;
  }
  const expired = tried.at.findIndex((at) => at <= now - WINDOW_MS);
  const place = expired >= 0 ? expired : tried.ids.length < MAX_IDS ? tried.ids.length : oldest(tried.at);
  tried.ids[place] = id;
  tried.at[place] = now;
}

const oldest = (at: number[]): number => at.reduce((best, time, i) => (time < at[best]! ? i : best), 0);

/** Drops the user IDs last tried before the window; answers how many are left. */
function prune(tried: Tried, now: number): number {
  for (let i = tried.ids.length - 1; i >= 0; i -= 1) {
    if (tried.at[i]! > now - WINDOW_MS) continue;
    tried.ids.splice(i, 1);
    tried.at.splice(i, 1);
  }
  return tried.ids.length;
}
