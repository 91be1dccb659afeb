/**
 * A refused try, as every sign-in step records it: counted on its claim's count (the account's for unknown devices,
 * or a trusted device's own), audited, the lock applied. The account's lock is mailed to its owner (device-notices).
 */
import type { AccountKey, AccountRow, AccountStore } from '../account/index.js';
import type { Transaction } from 'kysely';
import type { AuditLog, Origin } from '../db/audit-log.js';
import type { Database } from '../db/tables.js';
import type { DeviceNotices, DeviceStore } from '../device/index.js';
import type { Claim } from './claims.js';
import type { Aside, CountedRefusals } from '../signin-kernel/index.js';

/** An account ID no row has (IDs are UUIDs). */
const NO_ACCOUNT = 'none';

export interface RefusalDeps {
  accounts: AccountStore;
  audit: AuditLog;
  devices: DeviceStore;
  deviceNotices: DeviceNotices;
}

export class Refusals {
  constructor(private readonly deps: RefusalDeps) {}

  /**
   * Records a refused try. The sixth from unknown devices locks the account for them, ends their sessions (the trusted
   * browsers keep theirs) and tells its owner; the sixth from a trusted device locks that device alone. Always null:
   * the refusal.
   */
  async refuse(claim: Claim, now: number, origin: Origin, reason = 'credentials', method?: string): Promise<null> {
    const { accounts, audit, devices } = this.deps;
    const { account, device, attempt } = claim;
    // The method the try was made with: the user's security page names it beside the refusal.
    const detail = { attempt, reason, device: device ? 'trusted' : 'unknown', ...(method ? { method } : {}) };
    await audit.record('signin.failure', account.id, detail, { origin });
    if (device) {
      await audit.recordWith({ kind: 'device.locked', accountId: account.id }, origin, (trx) =>
        devices.lockIfExhausted(device, now, trx),
      );
      return null;
    }
    const lock = { kind: 'account.locked' as const, accountId: account.id, detail: { scope: 'unknown devices' } };
    const locked = await audit.recordWith(lock, origin, (trx) => accounts.lockIfExhausted(account.id, now, trx));
    if (locked) await this.deps.deviceNotices.lockedForUnknown(account, origin, now);
    return null;
  }

  /** A trusted device that has used its six tries: refused outright, nothing more counted. */
  async refuseLockedDevice(claim: Claim, origin: Origin): Promise<null> {
    const detail = { reason: 'device locked', device: 'trusted' };
    await this.deps.audit.record('signin.failure', claim.account.id, detail, { origin });
    return null;
  }

  /**
   * A try no account was claimed for: an unknown user ID, or an account locked, inactive or with its six tries in use.
   * The audit names the account, so the trail (and the SIEM) shows someone hammering a locked one; the answer does not
   * change. Whatever `by` names, the same statements: the read of the account, the event, and the lock's update a
   * refused try on a real account makes, matching no row.
   */
  async refuseUnclaimed(by: AccountKey | undefined, now: number, origin: Origin): Promise<null> {
    const named = await this.deps.accounts.named(by ?? { kind: 'id', value: NO_ACCOUNT });
    const detail = { reason: named && named.status !== 'active' ? named.status : 'unavailable' };
    await this.deps.audit.record('signin.failure', named?.id ?? null, detail, { origin });
    await this.deps.accounts.lockIfExhausted(NO_ACCOUNT, now);
    return null;
  }

  /** Not a try (the method's answer): the claimed try is given back; refused with its reason, or sent on. */
  async setAside(claim: Claim, now: number, origin: Origin, aside: Aside): Promise<{ location: string } | null> {
    await this.release(claim, now);
    const { account } = claim;
    if (aside.reason) await this.deps.audit.record('signin.failure', account.id, { reason: aside.reason }, { origin });
    return aside.location ? { location: aside.location } : null;
  }

  /**
   * A right secret: the claim's count is cleared (a lock on unknown devices stays for a trusted device's sign-in), and
   * with `success`, the sign-in's event recorded and its `alongside` writes made, in the same commit. False when a raced
   * wrong try locked the count meanwhile, or an administrator the account.
   */
  async passed(
    claim: Claim,
    now: number,
    changes: { passwordHash?: string; signedIn?: boolean },
    success?: { origin: Origin; step: string; alongside?: (trx: Transaction<Database>) => Promise<unknown> },
  ): Promise<boolean> {
    const { accounts, audit, devices } = this.deps;
    const { account, device } = claim;
    const clear = async (trx?: Transaction<Database>) =>
      device
        ? (await devices.clear(device, now, null, trx)) && accounts.signedInTrusted(account.id, now, changes, trx)
        : accounts.clearFailures(account.id, now, changes, trx);
    if (!success) return clear();
    // One commit for the counts cleared, the event and a new browser's trust (docs/benchmarks.md, figure 15).
    const event = { kind: 'signin.success' as const, accountId: account.id, detail: { step: success.step } };
    return audit.recordWith(event, success.origin, clear, success.alongside);
  }

  /** A right secret a gate holds: the claimed try given back. False when the account locked meanwhile. */
  async giveBack({ account }: Claim, now: number): Promise<boolean> {
    return this.deps.accounts.releaseAttempt(account.id, now);
  }

  /** The counting a further step of this claim's sign-in uses (method.ts). */
  countedFor(claim: Claim): CountedRefusals {
    return {
      refuseLocking: async (_account: AccountRow, now: number, origin: Origin) => {
        await this.refuse(claim, now, origin, 'next tokencode');
        return !(await this.stillOpen(claim));
      },
      passed: (_account: AccountRow, now: number) => this.passed(claim, now, { signedIn: true }),
    };
  }

  /**
   * A part a method asks that cannot be asked (the bank's token server) is the system's failure, not the user's: the
   * try is given back, and the browser gets §8's system error (the error handler answers 503 for an error that names
   * the part in `unavailable`).
   */
  async unlessUnavailable<T>(claim: Claim, now: number, origin: Origin, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!namesUnavailablePart(error)) throw error;
      await this.release(claim, now);
      const detail = { reason: `${error.unavailable} unavailable` };
      await this.deps.audit.record('signin.failure', claim.account.id, detail, { origin });
      throw error;
    }
  }

  private async release({ account, device }: Claim, now: number): Promise<void> {
    if (device) await this.deps.devices.release(device);
    else await this.deps.accounts.releaseAttempt(account.id, now);
  }

  /** Whether the claim's count may still sign in: its device unlocked, or the account active. */
  private async stillOpen({ account, device }: Claim): Promise<boolean> {
    if (device) return (await this.deps.devices.find(device))?.locked_at === null;
    return (await this.deps.accounts.findById(account.id))?.status === 'active';
  }
}

const namesUnavailablePart = (error: unknown): error is Error & { unavailable: string } =>
  error instanceof Error && typeof (error as { unavailable?: unknown }).unavailable === 'string';
