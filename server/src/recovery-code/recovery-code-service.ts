/**
 * A signed-in user's recovery codes: how many are left, and a new set (only within five minutes of signing in, the old
 * set void), shown once and kept only as HMACs; and a code's use in a sign-in, audited and told to the user by mail in
 * their language with the cobrand's name. Every change is audited with who and from where.
 */
import type { AccountRow } from '../account/index.js';
import type { CobrandRecord, CobrandDirectory } from '../cobrand/index.js';
import type { Origin } from '../db/audit-log.js';
import { mailContextFor, type MailingDeps, mailsOf } from '../mail/index.js';
import { recoveryCodeUsedMail } from './mails.js';
import { codeHmac, newCodes } from './codes.js';
import { recoveryCodesServe } from './policy.js';
import type { RecoveryCodeStore } from './recovery-code-store.js';

export interface RecoveryCodeServiceDeps extends MailingDeps {
  cobrands: CobrandDirectory;
  store: RecoveryCodeStore;
  key: Buffer;
  /** The kind of token server the cobrand's record names (the token capability's, handed over by app.ts). */
  tokenServerOf: (record: CobrandRecord) => 'builtin' | 'radius';
}

export class RecoveryCodeService {
  constructor(private readonly deps: RecoveryCodeServiceDeps) {}

  /** Whether this account may keep codes (its cobrand's policy and its way of signing in). */
  async offered(account: AccountRow): Promise<boolean> {
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    return this.serves(account, record);
  }

  serves(account: Pick<AccountRow, 'login_type'>, record: CobrandRecord): boolean {
    return recoveryCodesServe(account, record, this.deps.tokenServerOf(record));
  }

  async status(account: AccountRow): Promise<{ offered: boolean; left: number }> {
    const offered = await this.offered(account);
    return { offered, left: offered ? await this.deps.store.left(account.id) : 0 };
  }

  /**
   * A new set of codes, the old ones void (the route holds it to a sign-in within five minutes, as every change to how
   * the account signs in); `not offered` where the account may keep none.
   */
  async create(account: AccountRow, origin: Origin) {
    const now = this.deps.clock();
    if (!(await this.offered(account))) return 'not offered' as const;
    const codes = newCodes();
    const hmacs = codes.map((code) => codeHmac(this.deps.key, account.id, code));
    const event = { kind: 'recovery-codes.created' as const, accountId: account.id, detail: { count: codes.length } };
    await this.deps.audit.recordWith(event, origin, async (trx) => {
      await this.deps.store.replace(account.id, hmacs, now, trx);
      return true;
    });
    return codes;
  }

  /** The unused code of the account that `typed` is, found by its HMAC; none for another account's or a spent one. */
  find(accountId: string, typed: string): Promise<string | undefined> {
    return this.deps.store.findUnused(accountId, codeHmac(this.deps.key, accountId, typed));
  }

  /**
   * Spends a code found for a sign-in: audited and mailed in the same transaction; false when another try spent it
   * first (then nothing is recorded).
   */
  async spend(account: AccountRow, id: string, locale: string | undefined, origin: Origin, now: number) {
    const { store, audit } = this.deps;
    const context = await mailContextFor(this.deps, account, locale);
    const mails = mailsOf(this.deps);
    const spent = await audit.recordWith({ kind: 'recovery-code.used', accountId: account.id }, origin, async (trx) => {
      if (!(await store.spend(id, now, trx))) return false;
      const left = await store.left(account.id, trx);
      await mails.enqueue(trx, recoveryCodeUsedMail(context, left, now), now);
      return true;
    });
    if (spent) mails.send();
    return spent;
  }
}
