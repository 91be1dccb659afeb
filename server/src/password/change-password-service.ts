/**
 * Changing a password (§4, §5, §8): the current password is checked like a sign-in try (it counts toward the lock),
 * the new one against the whole policy (a user whose bank's identity provider signs them in has no portal password
 * to change), and the swap is atomic, with the notice mail written in the same transaction.
 */
import { mailContextFor, type MailingDeps, mailsOf } from '../mail/index.js';
import { passwordChangedMail } from './mails.js';
import { ErrorCodes } from '@portal/contract';
import { brokenPasswordRules, type PasswordRule } from '@portal/contract/password-rules';
import {
  type AccountRow,
  type AccountStore,
  type BreachedPasswords,
  isCommonPassword,
  lookupKeys,
  type PasswordStore,
} from '../account/index.js';
import { signsInAtProvider, type CobrandDirectory } from '../cobrand/index.js';
import { hashSecret, verifyDummy, verifySecret } from '../security/passwords.js';
import type { Origin } from '../db/audit-log.js';
import type { DeviceNotices } from '../device/index.js';
import type { Database } from '../db/tables.js';
import type { Transaction } from 'kysely';
import type { SessionRow } from '../session/index.js';

export type PolicyRule = PasswordRule | 'history' | 'common' | 'breached';
export type ChangeOutcome =
  | { ok: true }
  | { ok: false; code: typeof ErrorCodes.invalidCredentials }
  | { ok: false; code: typeof ErrorCodes.passwordChangeNotOffered }
  | { ok: false; code: typeof ErrorCodes.passwordPolicy; rules: PolicyRule[] };

/** A claimed try at the current password: on the browser's trusted device's count, or (no device) the account's. */
export interface CurrentTry {
  account: AccountRow;
  device?: string;
}

/** A trusted device's own count (the device capability's store, given by app.ts). */
export interface DeviceCounts {
  lockIfExhausted(id: string, now: number, trx?: Transaction<Database>): Promise<boolean>;
  clear(id: string, now: number, locale: string | null): Promise<boolean>;
}

export interface ChangePasswordDeps extends MailingDeps {
  cobrands: CobrandDirectory;
  accounts: AccountStore;
  passwords: PasswordStore;
  /** The lock on unknown devices' consequences: their sessions ended, the owner told (device trust). */
  deviceNotices: Pick<DeviceNotices, 'lockedForUnknown'>;
  breached: BreachedPasswords;
  /**
   * Claims the try as a sign-in claims it (docs/decisions.md, "Device trust"), given by app.ts: none when the account
   * may not try from this browser (locked for it, or the trusted device has used its six tries).
   */
  claimTry: (accountId: string, deviceId: string | undefined, now: number) => Promise<CurrentTry | undefined>;
  devices: DeviceCounts;
}

export class ChangePasswordService {
  constructor(private readonly deps: ChangePasswordDeps) {}

  /** The user ID of a session's account, as the screen's script holds it (the one typed at sign-in). */
  async userIdOf(session: SessionRow): Promise<string | null> {
    return (await this.deps.accounts.findById(session.account_id))?.user_id ?? null;
  }

  async change(
    session: SessionRow,
    input: { userId: string; oldCredential: string; newCredential: string },
    origin: Origin,
    deviceId?: string,
  ): Promise<ChangeOutcome> {
    const now = this.deps.clock();
    const owner = await this.deps.accounts.findById(session.account_id);
    if (owner && !(await this.offered(owner.cobrand))) {
      // Their bank's provider signs them in: a password set here would sign nobody in. Nothing is claimed or checked.
      const detail = { reason: 'signs in at the identity provider' };
      await this.deps.audit.record('password.change.failure', owner.id, detail, { origin });
      return { ok: false, code: ErrorCodes.passwordChangeNotOffered };
    }
    const claim =
      owner && Object.values(lookupKeys(input.userId)).includes(owner.user_id_key)
        ? await this.deps.claimTry(owner.id, deviceId, now)
        : undefined;
    if (!claim || !(await this.passed(claim, input.oldCredential, now, origin))) {
      if (!claim) await verifyDummy(input.oldCredential);
      const detail = { reason: 'current password' };
      await this.deps.audit.record('password.change.failure', owner?.id ?? null, detail, { origin });
      return { ok: false, code: ErrorCodes.invalidCredentials };
    }
    const claimed = claim.account;
    const current = { hash: claimed.password_hash, chosen: claimed.password_state !== 'temporary' };

    const rules: PolicyRule[] = brokenPasswordRules(input.newCredential, claimed.user_id);
    if (isCommonPassword(input.newCredential)) rules.push('common');
    else if ((await this.deps.breached.check(input.newCredential)) === 'breached') rules.push('breached');
    if (rules.length === 0) {
      for (const hash of await this.deps.passwords.recentHashes(claimed.id, current)) {
        if (await verifySecret(hash, input.newCredential)) {
          rules.push('history');
          break;
        }
      }
    }
    if (rules.length > 0) return { ok: false, code: ErrorCodes.passwordPolicy, rules };

    const mails = mailsOf(this.deps);
    const mail = passwordChangedMail(await mailContextFor(this.deps, claimed, session.locale), now);
    const newHash = await hashSecret(input.newCredential);
    // The new password, its notice mail and its audit event commit together, or none of them does.
    const changed = await this.deps.audit.recordWith(
      { kind: 'password.changed', accountId: claimed.id },
      origin,
      async (trx) => {
        if (!(await this.deps.passwords.change(claimed.id, current, newHash, now, trx, !!claim.device))) return false;
        await mails.enqueue(trx, mail, now);
        return true;
      },
    );
    if (!changed) return { ok: false, code: ErrorCodes.invalidCredentials };
    mails.send();
    return { ok: true };
  }

  /** Whether users of the cobrand may change a portal password: not where the bank's identity provider signs them in. */
  async offered(cobrand: string): Promise<boolean> {
    return !signsInAtProvider((await this.deps.cobrands.resolve(cobrand)).record);
  }

  /**
   * Checks the current password on the claimed try. A wrong one counts there: the sixth locks the account for unknown
   * devices (the sessions of unknown devices ended, the owner told), or the trusted device alone. A right one clears that count; a lock on unknown devices
   * stays. False also when a raced wrong try locked the trusted device meanwhile.
   */
  private async passed({ account, device }: CurrentTry, password: string, now: number, origin: Origin) {
    const { accounts, audit, devices } = this.deps;
    if (await verifySecret(account.password_hash, password)) {
      if (device) return devices.clear(device, now, null);
      await accounts.clearFailures(account.id, now);
      return true;
    }
    if (device) {
      await audit.recordWith({ kind: 'device.locked', accountId: account.id }, origin, (trx) =>
        devices.lockIfExhausted(device, now, trx),
      );
    } else if (
      await audit.recordWith({ kind: 'account.locked', accountId: account.id }, origin, (trx) =>
        accounts.lockIfExhausted(account.id, now, trx),
      )
    )
      await this.deps.deviceNotices.lockedForUnknown(account, origin, now);
    return false;
  }
}
