/**
 * What an operator does to users, for the command line and the admin API alike (one code path, one audit trail). A
 * user outside the caller's cobrands is answered as unknown; every change commits with its audit event, naming who
 * made it and from where.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock.js';
import { type AuditKind, type AuditLog, type Origin } from '../db/audit-log.js';
import type { Database } from '../db/tables.js';
import { hashSecret } from '../security/passwords.js';
import { inScope, type OperatorScope, Refusal } from '../refusal.js';
import { accountPage, accountSlice, accountTotal, type AccountFilter, type CountFilter } from './account-page.js';
import type { AccountRow, AccountStore } from './account-store.js';
import { emailOf, externalIdOf, nameOf, questionOf } from './admin-values.js';
import { createAccount, normaliseAnswer } from './create-account.js';
import { HashFormatError } from './imported-hashes.js';
import { generateTemporaryPassword } from './temporary-password.js';
import { checkNewUser, type NewUser, unlikeOthers } from './provisioning-input.js';

export interface AccountAdminDeps {
  db: Kysely<Database>;
  accounts: AccountStore;
  audit: AuditLog;
  identityKey: Buffer;
  clock: Clock;
  /** Ends the account's sessions in the transaction of its deactivation (the session capability's store). */
  endSessions: (accountId: string, trx: Transaction<Database>) => Promise<number>;
  /**
   * The account's trusted browsers (the device capability's store): their own tries cleared at an unlock, all of
   * them forgotten at a deactivation (docs/decisions.md, "Device trust").
   */
  devices: {
    clearAll: (accountId: string, trx: Transaction<Database>) => Promise<number>;
    forgetAll: (accountId: string, trx: Transaction<Database>) => Promise<number>;
  };
  cobrandExists: (name: string) => Promise<boolean>;
}

type Change = (account: AccountRow, trx: Transaction<Database>, now: number) => Promise<boolean>;

export class AccountAdmin {
  constructor(private readonly deps: AccountAdminDeps) {}

  /** The user, if the scope covers their cobrand: one outside it is as unknown as one that does not exist. */
  async find(scope: OperatorScope, userId: string | undefined): Promise<AccountRow> {
    const account = userId ? await this.deps.accounts.findByUserId(userId) : undefined;
    if (!account || !inScope(scope, account.cobrand)) throw new Refusal('not-found', `no user "${userId ?? ''}"`);
    return account;
  }

  list(filter: AccountFilter) {
    return accountPage(this.deps.db, filter);
  }

  slice(filter: Parameters<typeof accountSlice>[1]) {
    return accountSlice(this.deps.db, filter);
  }

  total(filter: CountFilter) {
    return accountTotal(this.deps.db, filter);
  }

  /** A new user, checked by the one provisioning pipeline (provisioning-input.ts), added with its audit event. */
  async create(scope: OperatorScope, given: NewUser, origin: Origin) {
    const user = await checkNewUser(scope, given, this.deps);
    const now = this.deps.clock();
    const id = await this.deps.db
      .transaction()
      .execute(async (trx) => {
        const made = await createAccount(this.deps.accounts, this.deps.identityKey, user, now, trx);
        await this.deps.audit.record('account.added', made, { cobrand: user.cobrand, ...user.detail }, { origin, trx });
        return made;
      })
      .catch(async (error: unknown) => {
        // A fifth cost class of imported hashes in the cobrand (import-classes.ts): the caller's bad input.
        if (error instanceof HashFormatError) throw new Refusal('invalid', error.message, 'passwordHash');
        // Another call took the user ID, or one like it, meanwhile: the unique keys refused it.
        await unlikeOthers(this.deps.accounts, user.userId);
        throw error;
      });
    const account = (await this.deps.accounts.findById(id))!;
    return { account, temporaryPassword: user.temporary };
  }

  setName(scope: OperatorScope, userId: string, given: string | undefined, origin: Origin) {
    const name = nameOf(given);
    return this.change(scope, userId, 'account.name.set', origin, (a, trx, now) =>
      this.deps.accounts.setName(a.user_id_key, name, now, trx),
    );
  }

  setEmail(scope: OperatorScope, userId: string, given: string | undefined, origin: Origin) {
    const email = emailOf(given);
    return this.change(scope, userId, 'account.email.set', origin, (a, trx, now) =>
      this.deps.accounts.setEmail(a.user_id_key, email, now, trx),
    );
  }

  setExternalId(scope: OperatorScope, userId: string, given: string | undefined, origin: Origin) {
    const externalId = externalIdOf(given);
    return this.change(scope, userId, 'account.external-id.set', origin, (a, trx, now) =>
      this.deps.accounts.setExternalId(a.user_id_key, externalId, now, trx),
    );
  }

  async setQuestion(scope: OperatorScope, userId: string, given: { question?: string; answer?: string }, o: Origin) {
    const { question, answer } = questionOf(given.question, given.answer);
    const account = await this.find(scope, userId);
    const answerHash = await hashSecret(normaliseAnswer(answer));
    return this.change(scope, account.user_id, 'account.question.set', o, (a, trx, now) =>
      this.deps.accounts.setSecurityQuestion(a.user_id_key, question, answerHash, now, trx),
    );
  }

  expirePassword(scope: OperatorScope, userId: string, origin: Origin) {
    return this.change(scope, userId, 'account.password.expired', origin, (a, trx, now) =>
      this.deps.accounts.expirePassword(a.user_id_key, now, trx),
    );
  }

  /**
   * A new temporary password in place of the user's (an imported hash the sign-in does not check, say): it opens one
   * sign-in, which must change it. Answers the user and the password, shown this once.
   */
  async resetPassword(scope: OperatorScope, userId: string, origin: Origin) {
    const account = await this.find(scope, userId);
    const temporaryPassword = generateTemporaryPassword(account.user_id);
    const hash = await hashSecret(temporaryPassword);
    const user = await this.change(scope, account.user_id, 'account.password.reset', origin, (a, trx, now) =>
      this.deps.accounts.setTemporaryPassword(a.user_id_key, hash, now, trx),
    );
    return { user, temporaryPassword };
  }

  /** Lifts a lock; a user who is not locked is refused, naming their state. */
  async unlock(scope: OperatorScope, userId: string, origin: Origin): Promise<AccountRow> {
    const account = await this.find(scope, userId);
    const event = { kind: 'account.unlocked' as const, accountId: account.id };
    const now = this.deps.clock();
    const unlocked = await this.deps.audit.recordWith(event, origin, (trx) =>
      this.deps.accounts.unlock(account.user_id_key, now, trx),
    );
    // A lock of the account's own browsers is lifted too: an unlock clears every count of the account.
    const devices = { kind: 'device.unlocked' as const, accountId: account.id };
    const cleared = await this.deps.audit.recordWith(
      devices,
      origin,
      async (trx) => (await this.deps.devices.clearAll(account.id, trx)) > 0,
    );
    if (!unlocked && !cleared)
      throw new Refusal('conflict', `user "${account.user_id}" is not locked (${account.status})`);
    return (await this.deps.accounts.findById(account.id))!;
  }

  /** Makes the user inactive and ends their sessions at once, in one transaction; answers how many it ended. */
  deactivate(scope: OperatorScope, userId: string, origin: Origin): Promise<number> {
    return this.end(scope, userId, origin, false);
  }

  /**
   * Provisioning's delete (SCIM DELETE): deactivated as above and marked deleted, so that provisioning knows the user
   * no more while the record and its trail stay; an operator's reactivate() lifts both.
   */
  delete(scope: OperatorScope, userId: string, origin: Origin): Promise<number> {
    return this.end(scope, userId, origin, true);
  }

  private async end(scope: OperatorScope, userId: string, origin: Origin, deleted: boolean): Promise<number> {
    const account = await this.find(scope, userId);
    const now = this.deps.clock();
    return this.deps.db.transaction().execute(async (trx) => {
      await this.deps.accounts.setStatus(account.user_id_key, 'inactive', now, trx);
      if (deleted) await this.deps.accounts.markDeleted(account.user_id_key, now, trx);
      const ended = await this.deps.endSessions(account.id, trx);
      // Its browsers are trusted no more: were it made active again, each would be an unknown device.
      const forgotten = await this.deps.devices.forgetAll(account.id, trx);
      const detail = { sessionsEnded: ended, devicesForgotten: forgotten };
      const kind = deleted ? 'account.deleted' : 'account.deactivated';
      await this.deps.audit.record(kind, account.id, detail, { origin, trx });
      return ended;
    });
  }

  /**
   * Makes an inactive user active again (SCIM's `active: true`); a user who is not inactive is left as they are, with no
   * event. Their sessions and trusted browsers stay ended: the next sign-in starts afresh.
   */
  async reactivate(scope: OperatorScope, userId: string, origin: Origin): Promise<AccountRow> {
    const account = await this.find(scope, userId);
    if (account.status !== 'inactive') return account;
    const event = { kind: 'account.reactivated' as const, accountId: account.id };
    const now = this.deps.clock();
    await this.deps.audit.recordWith(event, origin, (trx) =>
      this.deps.accounts.reactivate(account.user_id_key, now, trx),
    );
    return (await this.deps.accounts.findById(account.id))!;
  }

  /** A change of one user and its audit event, in one transaction; answers the user as it stands after. */
  private async change(scope: OperatorScope, userId: string, kind: AuditKind, origin: Origin, change: Change) {
    const account = await this.find(scope, userId);
    const now = this.deps.clock();
    const event = { kind, accountId: account.id };
    if (!(await this.deps.audit.recordWith(event, origin, (trx) => change(account, trx, now))))
      throw new Refusal('not-found', `no user "${userId}"`);
    return (await this.deps.accounts.findById(account.id))!;
  }
}
