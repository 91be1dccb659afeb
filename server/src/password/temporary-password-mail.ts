/**
 * A temporary password mailed to the account's own address: it signs the user in once, until it expires, beside their
 * own password (which keeps working), and is kept as its digest only. The forgotten-password page sends one after a
 * right answer; the help desk sends one from the console, and never sees it.
 */
import {
  type AccountRow,
  generateTemporaryPassword,
  type PasswordStore,
  temporaryPasswordDigest,
} from '../account/index.js';
import type { Origin } from '../db/audit-log.js';
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import { mailContextFor, type MailingDeps } from '../mail/index.js';
import { temporaryPasswordMail } from './mails.js';

export interface TemporaryPasswordDeps extends MailingDeps {
  passwords: PasswordStore;
  temporaryPasswordKey: Buffer;
  temporaryPasswordMinutes: number;
}

/**
 * Saves and queues it in one transaction with its `recovery.mailed` event; `first`, in that transaction, may call it
 * off (false). Answers when it expires, or null when called off.
 */
export async function mailTemporaryPassword(
  deps: TemporaryPasswordDeps,
  account: AccountRow,
  { locale, now, origin }: { locale: string | undefined; now: number; origin: Origin },
  first: (trx: Transaction<Database>) => Promise<boolean> = async () => true,
): Promise<number | null> {
  const password = generateTemporaryPassword(account.user_id);
  const expiresAt = now + deps.temporaryPasswordMinutes * 60_000;
  const mail = temporaryPasswordMail(
    await mailContextFor(deps, account, locale),
    password,
    deps.temporaryPasswordMinutes,
  );
  const digest = temporaryPasswordDigest(deps.temporaryPasswordKey, account.id, password);
  const mailed = await deps.audit.recordWith(
    { kind: 'recovery.mailed', accountId: account.id },
    origin,
    async (trx) => {
      if (!(await first(trx))) return false;
      await deps.passwords.saveTemporary(account.id, digest, now, expiresAt, trx);
      await deps.outbox.enqueue(trx, mail, now);
      return true;
    },
  );
  if (mailed) void deps.mailWorker.nudge();
  return mailed ? expiresAt : null;
}
