/**
 * Cobrand records for the request path, cached in memory. An import empties this cache at once: in this process
 * directly, in every other instance on PostgreSQL through NOTIFY (catalogue-changes.ts). The short TTL is the fallback
 * for a notice that could not arrive (SQLite and the CLI's own process, a listener reconnecting).
 */
import { DEFAULT_COBRAND } from '@portal/contract';
import type { Clock } from '../clock.js';
import type { CobrandRecord } from './catalogue.js';
import type { CobrandStore, StoredCobrand } from './cobrand-store.js';

export const CACHE_MS = 10_000;
// Unknown names are cached too (a miss costs a query); the bound keeps made-up names from growing memory.
const MAX_ENTRIES = 1_000;

export class CobrandDirectory {
  private readonly cache = new Map<string, { entry: StoredCobrand | null; at: number }>();
  private related: { origins: Promise<string[]>; at: number } | null = null;

  constructor(
    private readonly store: CobrandStore,
    private readonly clock: Clock,
  ) {}

  async find(name: string): Promise<StoredCobrand | null> {
    const key = name.toLowerCase();
    const now = this.clock();
    const cached = this.cache.get(key);
    if (cached && now - cached.at < CACHE_MS) return cached.entry;
    const entry = await this.store.find(key);
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(key, { entry, at: now });
    return entry;
  }

  /** The named cobrand, or the default brand when the name is missing or unknown. */
  async resolve(name: string | null | undefined): Promise<StoredCobrand> {
    const found = name ? await this.find(name) : null;
    if (found) return found;
    const fallback = await this.find(DEFAULT_COBRAND);
    if (!fallback) throw new Error('The default cobrand is missing: run `portal cobrands import`.');
    return fallback;
  }

  /** Every cobrand's identity provider, read in one query: for work done for all of them (providers' metadata). */
  identityProviders(): Promise<CobrandRecord['identityProvider'][]> {
    return this.store.identityProviders();
  }

  /**
   * Every cobrand's related origins (WebAuthn), cached as the records are: asked by each passkey check and by
   * /.well-known/webauthn, which browsers fetch before a ceremony at one of them.
   */
  relatedOrigins(): Promise<string[]> {
    const now = this.clock();
    if (!this.related || now - this.related.at >= CACHE_MS) {
      const origins = this.store.relatedOrigins();
      this.related = { origins, at: now };
      // A failed read is not kept: the next ask reads again.
      origins.catch(() => (this.related = null));
    }
    return this.related.origins;
  }

  nameForAbbreviation(abbreviation: string): Promise<string | null> {
    return this.store.findNameByAbbreviation(abbreviation);
  }

  invalidate(): void {
    this.cache.clear();
    this.related = null;
  }
}
