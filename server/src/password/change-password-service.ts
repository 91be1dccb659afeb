/**
 * Changing a password (§4, §5, §8): the current password is checked like a sign-in try (it counts toward the lock),
 * the new one against the whole policy, and the swap is atomic, with the notice mail written in the same transaction.
 */
import { mailContextFor, type MailingDeps, passwordChangedMail } from '../mail/index.js';
import { ErrorCodes } from '@portal/contract';
import { brokenPasswordRules, type PasswordRule } from '@portal/contract/password-rules';
import {
  type AccountStore,
  type BreachedPasswords,
  isCommonPassword,
  type PasswordStore,
  userIdKey,
} from '../account/index.js';
import { hashSecret, verifyDummy, verifySecret } from '../security/passwords.js';
import type { Origin } from '../db/audit-log.js';
import type { SessionManager, SessionRow } from '../session/index.js';

export type PolicyRule = PasswordRule | 'history' | 'common' | 'breached';
export type ChangeOutcome =
  | { ok: true }
  | { ok: false; code: typeof ErrorCodes.invalidCredentials }
  | { ok: false; code: typeof ErrorCodes.passwordPolicy; rules: PolicyRule[] };

export interface ChangePasswordDeps extends MailingDeps {
  accounts: AccountStore;
  passwords: PasswordStore;
  sessions: SessionManager;
  breached: BreachedPasswords;
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
  ): Promise<ChangeOutcome> {
    const { accounts, audit, clock } = this.deps;
    const now = clock();
    const owner = await accounts.findById(session.account_id);
    const claimed =
      owner && userIdKey(input.userId) === owner.user_id_key
        ? await accounts.claimAttempt({ kind: 'id', value: owner.id }, now)
        : undefined;
    if (!claimed || !(await verifySecret(claimed.password_hash, input.oldCredential))) {
      if (!claimed) await verifyDummy(input.oldCredential);
      else if (
        await audit.recordWith({ kind: 'account.locked', accountId: claimed.id }, origin, (trx) =>
          accounts.lockIfExhausted(claimed.id, now, trx),
        )
      )
        await this.deps.sessions.endAllFor(claimed.id);
      const detail = { reason: 'current password' };
      await audit.record('password.change.failure', owner?.id ?? null, detail, { origin });
      return { ok: false, code: ErrorCodes.invalidCredentials };
    }
    await accounts.clearFailures(claimed.id, now);
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

    const mail = passwordChangedMail(await mailContextFor(this.deps, claimed, session.locale), now);
    const newHash = await hashSecret(input.newCredential);
    // The new password, its notice mail and its audit event commit together, or none of them does.
    const changed = await audit.recordWith({ kind: 'password.changed', accountId: claimed.id }, origin, async (trx) => {
      if (!(await this.deps.passwords.change(claimed.id, current, newHash, now, trx))) return false;
      await this.deps.outbox.enqueue(trx, mail, now);
      return true;
    });
    if (!changed) return { ok: false, code: ErrorCodes.invalidCredentials };
    void this.deps.mailWorker.nudge();
    return { ok: true };
  }
}
