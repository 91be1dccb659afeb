/**
 * Sign-in tries by cobrand and result, for a refusal ratio per cobrand (docs/operations.md, "Metrics"): credential
 * stuffing aimed at one bank's page shows there before it moves the portal's totals. A try is counted where the
 * service decides it, once: refused under the cobrand of the page it was made on (an unknown user ID has no other),
 * passed or held under the cobrand of the session it opens (the account's). Every name is one the catalogue resolved,
 * or `other` for a page that named a cobrand the catalogue does not know: the labels stay bounded by the catalogue.
 */
import type { SignInDecision } from '../signin-kernel/index.js';

/** Passed (a session opens, full or restricted to a further step), refused, or held for a new-device code. */
export type TryResult = 'success' | 'refused' | 'held';
export const TRY_RESULTS: readonly TryResult[] = ['success', 'refused', 'held'];

/** The label of a page that named a cobrand the catalogue does not know. */
export const OTHER_COBRAND = 'other';

/** The session kind a held sign-in opens (device-code/gate.ts). */
const HELD_KIND = 'device_code';

export class CobrandTries {
  /** Each cobrand's tries by result, since this instance started (the metrics read them). */
  readonly counts = new Map<string, Record<TryResult, number>>();

  /** A decided try: refused (null) under `page`; passed or held under its session's cobrand. Others are not tries. */
  decided(page: string, decision: SignInDecision | null): void {
    if (decision === null) return this.add(page, 'refused');
    const open = decision.open;
    if (open) this.add(open.cobrand, open.kind === HELD_KIND ? 'held' : 'success');
  }

  private add(cobrand: string, result: TryResult): void {
    let counts = this.counts.get(cobrand);
    if (!counts) this.counts.set(cobrand, (counts = { success: 0, refused: 0, held: 0 }));
    counts[result] += 1;
  }
}

/** The label of the page a try was made on: the cobrand it resolved to, or `other` when it named one not found. */
export const pageLabel = (named: string | undefined, resolved: string): string =>
  named && named.toLowerCase() !== resolved.toLowerCase() ? OTHER_COBRAND : resolved;
