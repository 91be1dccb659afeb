/**
 * The series that show credential stuffing (docs/operations.md, "Metrics"): sign-in tries by cobrand and result, for
 * a refusal ratio per cobrand, and how many distinct user IDs single client addresses tried in the last five minutes.
 * Read from the sign-in service's own counts when Prometheus scrapes; never an address or a user ID as a label.
 */
import { Counter, Gauge, type Registry } from 'prom-client';

export type TryResult = 'success' | 'refused' | 'held';
const RESULTS: readonly TryResult[] = ['success', 'refused', 'held'];

export interface StuffingSources {
  /** Sign-in tries by cobrand (the catalogue's names, and `other`) and result, since the instance started. */
  triesByCobrand: ReadonlyMap<string, Readonly<Record<TryResult, number>>>;
  /** The most distinct user IDs one address tried in the last five minutes, and how many addresses tried over ten. */
  userIdSpread: () => { max: number; many: number };
}

export function stuffingMetrics(registry: Registry, sources: StuffingSources): void {
  triesByCobrand(registry, sources.triesByCobrand);
  // Each gauge reads the window itself: a walk over at most a few hundred thousand numbers, once a scrape.
  const reading = sources.userIdSpread;
  new Gauge({
    name: 'portal_signin_address_user_ids_max',
    help: 'The most distinct user IDs one client address tried to sign in with in the last 5 minutes (this instance; at most 64).',
    registers: [registry],
    collect() {
      this.set(reading().max);
    },
  });
  new Gauge({
    name: 'portal_signin_addresses_many_user_ids',
    help: 'Client addresses that tried more than 10 distinct user IDs in the last 5 minutes (this instance).',
    registers: [registry],
    collect() {
      this.set(reading().many);
    },
  });
}

/**
 * Follows the running totals by cobrand and result; a cobrand's three results appear together, at 0 where none has
 * happened yet, so a ratio over them has its denominator from the cobrand's first try.
 */
function triesByCobrand(registry: Registry, totals: StuffingSources['triesByCobrand']): void {
  const seen = new Map<string, number>();
  new Counter({
    name: 'portal_signin_cobrand_attempts_total',
    help: "Sign-in tries by cobrand: refused (under the page's cobrand; other: a name the catalogue does not know), success and held for a new-device code (under the account's).",
    labelNames: ['cobrand', 'result'],
    registers: [registry],
    collect() {
      for (const [cobrand, counts] of totals) {
        for (const result of RESULTS) {
          const key = `${cobrand}\u0000${result}`;
          const delta = counts[result] - (seen.get(key) ?? 0);
          seen.set(key, counts[result]);
          this.inc({ cobrand, result }, Math.max(delta, 0));
        }
      }
    },
  });
}
