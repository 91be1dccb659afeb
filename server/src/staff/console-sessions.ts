/**
 * An operator's sign-in to the console and the session it opens (docs/decisions.md, "Help-desk operators"). A try is
 * claimed before anything is checked, and every try does the same work, named or not, locked or not: one argon2 verify
 * (on a dummy for no usable operator) and the same code computations; all are answered alike. The sixth wrong try in a
 * row locks the operator, as it locks a user. A session ends after 15 minutes without a call, or 12 hours after it began.
 */
import { CONSOLE_IDLE_SECONDS } from '@portal/contract/console';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { AuditLog, Origin } from '../db/audit-log.js';
import type { Database } from '../db/tables.js';
import { hashSessionId, newSessionId } from '../security/ids.js';
import { verifyDummy, verifySecret } from '../security/passwords.js';
import { openSealed } from '../security/sealed-box.js';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { matchStep, newSecret } from './authenticator.js';
import type { OperatorPasskeys } from './operator-passkeys.js';
import { cobrandsOf, type NameRules, nameKeyOf, operatorNameOf } from './operator-names.js';
import type { OperatorRow, StaffStore } from './staff-store.js';
import type { OperatorRole } from './staff.table.js';

export const IDLE_MS = CONSOLE_IDLE_SECONDS * 1000;
export const ABSOLUTE_MS = 12 * 60 * 60_000;

export interface SignedInOperator {
  name: string;
  role: OperatorRole;
  /** null: every cobrand. */
  cobrands: string[] | null;
}

/** A live console session: who, and what only the service reads (the operator's ID, when the session began). */
export interface LiveOperator {
  operator: SignedInOperator;
  id: string;
  signedInAt: number;
}

export interface ConsoleSessionDeps {
  db: Kysely<Database>;
  store: StaffStore;
  audit: AuditLog;
  /** The key the authenticator secrets are sealed under (PortalKeys.operatorSeal). */
  sealKey: Buffer;
  clock: Clock;
  names: NameRules;
  /** The operators' passkeys, where ADMIN_ORIGIN can be a relying party. */
  passkeys?: OperatorPasskeys;
}

export interface Credentials {
  name: string;
  password: string;
  /** The authenticator app's code; or instead, */
  code?: string;
  /** a passkey's answer to the options issued to this browser (`binding`: its anti-forgery token's hash). */
  passkey?: { response: AuthenticationResponseJSON; binding: string };
}

const PASSKEY = { method: 'passkey' };

/** The code work done for a try no operator can pass: against a secret nobody holds. */
const NOBODY = newSecret();

export const actorOf = (name: string): string => `operator:${name}`;

const signedIn = (row: Pick<OperatorRow, 'name' | 'role' | 'cobrands'>): SignedInOperator => ({
  name: row.name,
  role: row.role,
  cobrands: cobrandsOf(row.cobrands),
});

export class ConsoleSessions {
  constructor(private readonly deps: ConsoleSessionDeps) {}

  /** Signs the operator in: the new session's raw ID for its cookie and who it is, or null (refused, for any reason). */
  async signIn(given: Credentials, origin: Origin): Promise<{ raw: string; operator: SignedInOperator } | null> {
    const { store, clock } = this.deps;
    // As an app shows it ("123 456") or as typed: the digits are the code.
    const code = (given.code ?? '').replace(/[\s-]/g, '');
    const key = this.keyOf(given.name);
    const claimed = key === null ? undefined : await store.claimTry(key, clock());
    if (!claimed) {
      await verifyDummy(given.password);
      // The same second factor's work as for an operator: a code computed, or the passkey's challenge spent.
      if (given.passkey) await this.passkeyRight('', given.passkey);
      else matchStep(NOBODY, code, clock());
      const named = key === null ? undefined : await store.findByKey(key);
      await this.refused(named, named ? 'locked' : 'unknown', origin);
      return null;
    }
    const passwordRight = await verifySecret(claimed.password_hash, given.password);
    if (given.passkey) {
      const keyRight = await this.passkeyRight(claimed.id, given.passkey);
      const raw = passwordRight && keyRight ? await this.open(claimed, null, origin, PASSKEY, true) : null;
      if (raw) return { raw, operator: signedIn(claimed) };
      await this.refused(claimed, !passwordRight ? 'wrong password' : 'wrong passkey', origin, PASSKEY);
      return null;
    }
    const step = matchStep(openSealed(this.deps.sealKey, claimed.totp_sealed), code, clock());
    if (passwordRight && step !== null) {
      const raw = await this.open(claimed, step, origin);
      if (raw) return { raw, operator: signedIn(claimed) };
    }
    const reason = !passwordRight ? 'wrong password' : step === null ? 'wrong code' : 'code used before';
    await this.refused(claimed, reason, origin);
    return null;
  }

  /** Whether the passkey's answer is the operator's (none where the console offers no passkeys). */
  private passkeyRight(operatorId: string, passkey: NonNullable<Credentials['passkey']>): Promise<boolean> {
    return this.deps.passkeys?.check(operatorId, passkey.response, passkey.binding) ?? Promise.resolve(false);
  }

  /**
   * Signs in the operator the bank's staff provider named (it checked the person's password and second factor, by its
   * own rules): as after a password and code, unless there is no operator of that name or they are locked.
   */
  async signOn(
    given: string,
    origin: Origin,
    provider: string,
  ): Promise<{ raw: string; operator: SignedInOperator } | null> {
    const key = this.keyOf(given);
    const named = key === null ? undefined : await this.deps.store.findByKey(key);
    const how = { method: 'sign-on', provider };
    if (named && named.locked_at === null) {
      const raw = await this.open(named, null, origin, how);
      if (raw) return { raw, operator: signedIn(named) };
    }
    // A name from the provider is no secret typed in the wrong field: the trail keeps it, for whoever adds operators.
    await this.refused(named, named ? 'locked' : 'unknown', origin, { ...how, ...(named ? {} : { named: given }) });
    return null;
  }

  /** A sign-on the staff provider's answer did not complete (why, in the provider's terms), in the trail. */
  async signOnRefused(reason: string, origin: Origin, provider: string): Promise<void> {
    await this.refused(undefined, reason, origin, { method: 'sign-on', provider });
  }

  /**
   * The operator a session cookie's value names, its idle deadline moved on, with their ID and when they signed in;
   * null for none, ended or expired.
   */
  async current(raw: string | undefined): Promise<LiveOperator | null> {
    if (!raw) return null;
    const live = await this.deps.store.touchSession(hashSessionId(raw), this.deps.clock(), IDLE_MS);
    return live ? { operator: signedIn(live), id: live.operatorId, signedInAt: live.signedInAt } : null;
  }

  /** Ends the session, audited when there was one. */
  async signOut(raw: string, origin: Origin): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      if (await this.deps.store.endSession(hashSessionId(raw), trx))
        await this.deps.audit.record('operator.signed.out', null, {}, { origin, trx });
    });
  }

  /** The name's key, or null for a value that is no name (refused as an unknown one). */
  private keyOf(given: string): string | null {
    try {
      return nameKeyOf(operatorNameOf(this.deps.names, given));
    } catch {
      return null;
    }
  }

  /**
   * The session's raw ID, once its code's step is taken (none at a sign-on); null when a sign-in elsewhere took the
   * step first, or a lock came meanwhile.
   */
  private async open(
    operator: OperatorRow,
    step: number | null,
    origin: Origin,
    how: Record<string, string> = {},
    clearTries = false,
  ): Promise<string | null> {
    const raw = newSessionId();
    const now = this.deps.clock();
    const row = {
      ...{ id_hash: hashSessionId(raw), operator_id: operator.id, created_at: now, last_seen_at: now },
      ...{ idle_expires_at: now + IDLE_MS, absolute_expires_at: now + ABSOLUTE_MS },
      ...{ client_address: origin.address?.slice(0, 64) ?? null, user_agent: origin.userAgent?.slice(0, 256) ?? null },
    };
    const as = { ...origin, actor: actorOf(operator.name) };
    return this.deps.db.transaction().execute(async (trx) => {
      const { store } = this.deps;
      const passed =
        step === null ? store.signedOn(operator.id, now, clearTries, trx) : store.passed(operator.id, step, now, trx);
      if (!(await passed)) return null;
      await store.openSession(row, trx);
      await this.deps.audit.record('operator.signed.in', null, { role: operator.role, ...how }, { origin: as, trx });
      return raw;
    });
  }

  /** A refused try in the trail (no secret, nor a name no operator has: it may be a password typed in the wrong field). */
  private async refused(
    operator: OperatorRow | undefined,
    reason: string,
    origin: Origin,
    how: Record<string, string> = {},
  ): Promise<void> {
    const as = operator ? { ...origin, actor: actorOf(operator.name) } : origin;
    await this.deps.db.transaction().execute(async (trx) => {
      const detail: Record<string, string | number> = { reason, ...how };
      if (operator) detail.failedAttempts = Number(operator.failed_attempts);
      await this.deps.audit.record('operator.sign.in.refused', null, detail, { origin: as, trx });
      if (
        operator &&
        reason !== 'locked' &&
        (await this.deps.store.lockIfExhausted(operator.id, this.deps.clock(), trx))
      )
        await this.deps.audit.record(
          'operator.locked',
          null,
          { failedAttempts: Number(operator.failed_attempts) },
          { origin: as, trx },
        );
    });
  }
}
