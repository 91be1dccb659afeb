/**
 * Forgotten passwords (§1, §4): the question, then the answer. Nothing tells who exists or who is active: every
 * answer is the same, and every path costs one argon2 verify. Only an active account that has signed in before, with
 * the right answer, gets a temporary password; wrong answers count toward the lock, and a right one leaves the count
 * as it was: only a successful sign-in clears it.
 */
import type { CobrandDirectory } from '../cobrand/index.js';
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import { mailContextFor, type MailingDeps, mailsOf } from '../mail/index.js';
import { temporaryPasswordMail } from './mails.js';
import { setTimeout } from 'node:timers/promises';
import {
  type AccountRow,
  type AccountStore,
  generateTemporaryPassword,
  normaliseAnswer,
  type PasswordStore,
  temporaryPasswordDigest,
  userIdKey,
} from '../account/index.js';
import type { Origin } from '../db/audit-log.js';
import type { DeviceNotices } from '../device/index.js';
import { verifyDummy, verifySecret } from '../security/passwords.js';
import type { QuestionPool } from './question-pool.js';
import { QuestionTexts } from './question-texts.js';
import { questionFor } from './security-question.js';

/**
 * A temporary password mailed to the account's own address: it signs the user in once, until it expires, beside their
 * own password (which keeps working until then), and is kept as its digest only. The forgotten-password page sends one
 * after a right answer (below); the help desk sends one from the console, and never sees it.
 */
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
  const mails = mailsOf(deps);
  const digest = temporaryPasswordDigest(deps.temporaryPasswordKey, account.id, password);
  const mailed = await deps.audit.recordWith(
    { kind: 'recovery.mailed', accountId: account.id },
    origin,
    async (trx) => {
      if (!(await first(trx))) return false;
      await deps.passwords.saveTemporary(account.id, digest, now, expiresAt, trx);
      await mails.enqueue(trx, mail, now);
      return true;
    },
  );
  if (mailed) mails.send();
  return mailed ? expiresAt : null;
}

export interface RecoveryDeps extends TemporaryPasswordDeps {
  cobrands: CobrandDirectory;
  accounts: AccountStore;
  /** A lock by wrong answers is a lock on unknown devices: their sessions end, the owner is told (device trust). */
  deviceNotices: Pick<DeviceNotices, 'lockedForUnknown'>;
  questions: QuestionPool;
  /** The built-in questions in each language; read from `data/i18n` when not given. */
  questionTexts?: QuestionTexts;
  identityKey: Buffer;
}

export interface RecoveryRequest {
  userId: string;
  questionId: string;
  answer: string;
  locale: string | undefined;
}

/** How long a right answer waits, at most, for one of the six tries that other tries of the account hold. */
const CLAIM_WAIT_MS = 3_000;

export class RecoveryService {
  private readonly questionTexts: QuestionTexts;

  constructor(private readonly deps: RecoveryDeps) {
    this.questionTexts = deps.questionTexts ?? new QuestionTexts();
  }

  async question(
    userId: string,
    page: { locale?: string | undefined; cobrandName?: string | undefined },
    origin: Origin,
  ): Promise<{ questionId: string; questionText: string }> {
    const key = userIdKey(userId);
    const account = await this.deps.accounts.findByUserId(userId);
    // Written for an unknown user ID too (with no account), so both do the same work.
    await this.deps.audit.record('recovery.asked', account?.id ?? null, {}, { origin });
    const stored = account?.security_answer_hash ? account.security_question : null;
    const shares = await this.deps.questions.shares();
    // The ID stays that of the question as held, so the answer step finds it whatever language the page is in.
    const { questionId, questionText } = questionFor(this.deps.identityKey, key, stored, shares);
    // Looked up for a decoy as for a real question: the page's cobrand, not the account's, so neither tells.
    const cobrand = page.cobrandName ? await this.deps.cobrands.find(page.cobrandName) : null;
    const own = cobrand?.record.securityQuestions?.[questionText];
    const translated = (page.locale && own?.[page.locale]) || this.questionTexts.shown(questionText, page.locale);
    return { questionId, questionText: translated };
  }

  /**
   * Always resolves the same way; whether a mail goes out is known only to the mailbox. When it resolves after a
   * right answer of an account that may recover, the mail is queued: the try's release, the temporary password, the
   * mail and the audit event commit together, and a failure among them is an error, never a quiet success.
   */
  async requestTemporaryPassword(request: RecoveryRequest, origin: Origin): Promise<void> {
    const { accounts, audit, clock } = this.deps;
    const now = clock();
    const key = userIdKey(request.userId);
    const account = await this.claim(request.userId, now);
    if (!account?.security_answer_hash) {
      await verifyDummy(request.answer);
      return;
    }
    const shares = await this.deps.questions.shares();
    const expected = questionFor(this.deps.identityKey, key, account.security_question, shares);
    const right =
      (await verifySecret(account.security_answer_hash, normaliseAnswer(request.answer))) &&
      request.questionId === expected.questionId;
    // A user of a cobrand with an identity provider signs in there: a temporary password could never be used, and a
    // lock would shut them out of the bank's sign-on. They get the same answer after the same checks, and no more.
    const federated = Boolean((await this.deps.cobrands.resolve(account.cobrand)).record.identityProvider);
    if (!right) {
      await audit.record('recovery.failure', account.id, federated ? { federated: true } : {}, { origin });
      if (federated) return void (await accounts.releaseAttempt(account.id, now));
      const locked = await audit.recordWith({ kind: 'account.locked', accountId: account.id }, origin, (trx) =>
        accounts.lockIfExhausted(account.id, now, trx),
      );
      if (locked) await this.deps.deviceNotices.lockedForUnknown(account, origin, now);
      return;
    }
    // §1: not on a first login; a token user signs in with PIN and tokencode, so a temporary password could never
    // stand in for its token step.
    if (account.last_signin_at === null || account.login_type === 'token' || federated) {
      await accounts.releaseAttempt(account.id, now);
      return;
    }
    await this.mailTemporaryPassword(account, request.locale, now, origin);
  }

  /**
   * One of the six tries, as every check of a secret claims one. Sign-ins and recoveries of the account that are
   * under way hold tries too, and give them back in a moment: a right answer that found all six held once answered
   * as if sent and sent nothing, so a recovery waits for a try while the account stays active. An unknown, locked or
   * inactive account is looked up once, whatever it is, and answered at once.
   */
  private async claim(userId: string, now: number): Promise<AccountRow | undefined> {
    const { accounts } = this.deps;
    const started = performance.now();
    for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
      const claimed = await accounts.claimAttempt({ kind: 'userId', value: userId }, now);
      if (claimed) return claimed;
      const account = await accounts.findByUserId(userId);
      if (account?.status !== 'active' || performance.now() - started > CLAIM_WAIT_MS) return undefined;
      await setTimeout(pause);
    }
  }

  private async mailTemporaryPassword(
    account: AccountRow,
    locale: string | undefined,
    now: number,
    origin: Origin,
  ): Promise<void> {
    // The release fails only when a wrong try that raced this one locked the account: then nothing is mailed.
    await mailTemporaryPassword(this.deps, account, { locale, now, origin }, (trx) =>
      this.deps.accounts.releaseAttempt(account.id, now, trx),
    );
  }
}
