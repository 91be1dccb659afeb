/** A refused try, as every sign-in step records it: counted toward the lock of six, audited, the lock applied. */
import type { AccountRow, AccountStore } from '../account/index.js';
import type { AuditLog, Origin } from '../db/audit-log.js';
import type { SessionManager } from '../session/index.js';
import type { Aside } from './method.js';

/** An account ID no row has (IDs are UUIDs). */
const NO_ACCOUNT = 'none';

export interface RefusalDeps {
  accounts: AccountStore;
  audit: AuditLog;
  sessions: SessionManager;
}

export class Refusals {
  constructor(private readonly deps: RefusalDeps) {}

  /** Records a refused try; the sixth locks the account and ends its sessions. Always null: the refusal. */
  async refuse(
    account: AccountRow,
    now: number,
    origin: Origin,
    reason = 'credentials',
    method?: string,
  ): Promise<null> {
    const { accounts, audit } = this.deps;
    // The method the try was made with: the user's security page names it beside the refusal.
    const detail = { attempt: account.failed_attempts, reason, ...(method ? { method } : {}) };
    await audit.record('signin.failure', account.id, detail, { origin });
    const locked = await audit.recordWith({ kind: 'account.locked', accountId: account.id }, origin, (trx) =>
      accounts.lockIfExhausted(account.id, now, trx),
    );
    if (locked) await this.deps.sessions.endAllFor(account.id);
    return null;
  }

  /** A try no account was claimed for: the statements a refused try on a real account makes, matching no row. */
  async refuseUnclaimed(now: number, origin: Origin): Promise<null> {
    await this.deps.audit.record('signin.failure', null, { reason: 'unavailable' }, { origin });
    await this.deps.accounts.lockIfExhausted(NO_ACCOUNT, now);
    return null;
  }

  /** Not a try (the method's answer): the claimed try is given back; refused with its reason, or sent on. */
  async setAside(account: AccountRow, now: number, origin: Origin, aside: Aside): Promise<{ location: string } | null> {
    await this.deps.accounts.releaseAttempt(account.id, now);
    if (aside.reason) await this.deps.audit.record('signin.failure', account.id, { reason: aside.reason }, { origin });
    return aside.location ? { location: aside.location } : null;
  }

  /** A refused next tokencode; true when it used the last try, so it is refused outright, not asked again. */
  async refuseLocking(account: AccountRow, now: number, origin: Origin): Promise<boolean> {
    await this.refuse(account, now, origin, 'next tokencode');
    return (await this.deps.accounts.findById(account.id))?.status !== 'active';
  }

  /**
   * A part a method asks that cannot be asked (the bank's token server) is the system's failure, not the user's: the
   * try is given back, and the browser gets §8's system error (the error handler answers 503 for an error that names
   * the part in `unavailable`).
   */
  async unlessUnavailable<T>(account: AccountRow, now: number, origin: Origin, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!namesUnavailablePart(error)) throw error;
      await this.deps.accounts.releaseAttempt(account.id, now);
      const detail = { reason: `${error.unavailable} unavailable` };
      await this.deps.audit.record('signin.failure', account.id, detail, { origin });
      throw error;
    }
  }
}

const namesUnavailablePart = (error: unknown): error is Error & { unavailable: string } =>
  error instanceof Error && typeof (error as { unavailable?: unknown }).unavailable === 'string';
