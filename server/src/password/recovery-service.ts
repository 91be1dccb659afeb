/**
 * Forgotten passwords (§1, §4): the question, then the answer. Nothing tells who exists or who is active: every
 * answer is the same, and every path costs one argon2 verify. Only an active account that has signed in before, with
 * the right answer, gets a temporary password; wrong answers count toward the lock, and a right one leaves the count
 * as it was: only a successful sign-in clears it.
 */
import { mailContextFor, type MailingDeps, temporaryPasswordMail } from '../mail/index.js';
import {
  type AccountStore,
  generateTemporaryPassword,
  normaliseAnswer,
  type PasswordStore,
  temporaryPasswordDigest,
  userIdKey,
} from '../account/index.js';
import { verifyDummy, verifySecret } from '../security/passwords.js';
import type { SessionManager } from '../session/index.js';
import type { QuestionPool } from './question-pool.js';
import { questionFor } from './security-question.js';

export interface RecoveryDeps extends MailingDeps {
  accounts: AccountStore;
  passwords: PasswordStore;
  sessions: SessionManager;
  questions: QuestionPool;
  identityKey: Buffer;
  temporaryPasswordKey: Buffer;
  temporaryPasswordMinutes: number;
}

export interface RecoveryRequest {
  userId: string;
  questionId: string;
  answer: string;
  locale: string | undefined;
}

export class RecoveryService {
  constructor(private readonly deps: RecoveryDeps) {}

  async question(userId: string): Promise<{ questionId: string; questionText: string }> {
    const key = userIdKey(userId);
    const account = await this.deps.accounts.findByUserId(key);
    // Written for an unknown user ID too (with no account), so both do the same work.
    await this.deps.audit.record('recovery.asked', account?.id ?? null);
    const stored = account?.security_answer_hash ? account.security_question : null;
    return questionFor(this.deps.identityKey, key, stored, await this.deps.questions.shares());
  }

  /** Always resolves the same way; whether a mail goes out is known only to the mailbox. */
  async requestTemporaryPassword(request: RecoveryRequest): Promise<void> {
    const { accounts, audit, clock } = this.deps;
    const now = clock();
    const key = userIdKey(request.userId);
    const account = await accounts.claimAttempt({ kind: 'userIdKey', value: key }, now);
    if (!account?.security_answer_hash) {
      await verifyDummy(request.answer);
      return;
    }
    const shares = await this.deps.questions.shares();
    const expected = questionFor(this.deps.identityKey, key, account.security_question, shares);
    const right =
      (await verifySecret(account.security_answer_hash, normaliseAnswer(request.answer))) &&
      request.questionId === expected.questionId;
    if (!right) {
      await audit.record('recovery.failure', account.id);
      if (await accounts.lockIfExhausted(account.id, now)) {
        await this.deps.sessions.endAllFor(account.id);
        await audit.record('account.locked', account.id);
      }
      return;
    }
    // §1: not on a first login; a token user signs in with PIN and tokencode, so a temporary password could never
    // stand in for its token step; and a try that raced this one may have locked the account meanwhile.
    if (
      !(await accounts.releaseAttempt(account.id, now)) ||
      account.last_signin_at === null ||
      account.login_type === 'token'
    )
      return;
    const password = generateTemporaryPassword(account.user_id);
    const expiresAt = now + this.deps.temporaryPasswordMinutes * 60_000;
    const mail = temporaryPasswordMail(
      await mailContextFor(this.deps, account, request.locale),
      password,
      this.deps.temporaryPasswordMinutes,
    );
    const digest = temporaryPasswordDigest(this.deps.temporaryPasswordKey, account.id, password);
    await this.deps.passwords.saveTemporary(account.id, digest, now, expiresAt, (trx) =>
      this.deps.outbox.enqueue(trx, mail, now),
    );
    await audit.record('recovery.mailed', account.id);
    void this.deps.mailWorker.nudge();
  }
}
