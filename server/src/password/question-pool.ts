/**
 * The questions real users hold and their shares, read from the accounts at most every few minutes (a decoy moves
 * with the population, never with each call) and shared by every recovery call of this instance.
 */
import type { AccountStore } from '../account/index.js';
import type { Clock } from '../clock.js';
import type { QuestionShare } from './security-question.js';

/** Beyond the most held questions, one held by a handful of users adds nothing a decoy needs. */
const MOST_HELD = 256;
const REFRESH_MS = 5 * 60_000;

export class QuestionPool {
  private loaded: { at: number; shares: Promise<QuestionShare[]> } | undefined;

  constructor(
    private readonly accounts: AccountStore,
    private readonly clock: Clock,
  ) {}

  shares(): Promise<QuestionShare[]> {
    const now = this.clock();
    if (!this.loaded || now - this.loaded.at >= REFRESH_MS) {
      const shares = this.accounts.questionShares(MOST_HELD).catch((error: unknown) => {
        // A failed read is tried again by the next call rather than kept.
        this.loaded = undefined;
        throw error;
      });
      this.loaded = { at: now, shares };
    }
    return this.loaded.shares;
  }
}
