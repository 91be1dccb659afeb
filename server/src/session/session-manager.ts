/**
 * Sessions as the browser sees them: an opaque 256-bit cookie, a new ID at every sign-in, renewed only by the ping,
 * ended by logout, idle and absolute deadlines from configuration.
 */
import { hash } from 'node:crypto';
import { hashSessionId, newSessionId } from '../security/ids.js';
import type { Clock } from '../clock.js';
import type { Origin } from '../db/audit-log.js';
import type { Deadlines, SessionRow, SessionStore } from './session-store.js';
import type { SessionKind } from './session.table.js';

/**
 * A ping moves the idle deadline only when it would move by at least this share of the idle time (3 s of the default
 * 5 minutes): the countdown a browser shows is then at most that much short, and repeated pings do not rewrite the row.
 */
export const RENEW_STEP_SHARE = 0.01;

export interface SessionSettings {
  idleMs: number;
  absoluteMs: number;
  /** Sessions one account may hold (MAX_SESSIONS_PER_USER); a new one beyond it ends the oldest. 0: no cap. */
  maxPerAccount?: number;
}

export interface StartSession {
  accountId: string;
  kind: SessionKind;
  cobrand: string;
  locale: string;
  sso?: boolean;
  /** How the sign-in was made (its step), kept on the session for the user's own view of it. */
  method?: string;
  /** The trusted device the browser signed in on; none for an unknown device. */
  device?: string;
  /** The raw ID to open it under, chosen by a step bound to this session (a new-device code); none: a new one. */
  rawId?: string;
}

/** Why sessions ended other than by logout (which the logout route records). */
export type EndReason = 'expired' | 'locked' | 'password changed' | 'session cap' | 'provider logout';

/** The user agent and address are the client's to write: kept to what the columns hold. */
const USER_AGENT_MAX = 256;
const ADDRESS_MAX = 64;

/**
 * A session as its own user sees it on the security page. `handle` names it there: a digest of the stored digest, so
 * it is stable while the session lives, says nothing of the cookie, and changes when the session's ID does.
 */
export interface SessionEntry {
  handle: string;
  current: boolean;
  userAgent: string | null;
  address: string | null;
  createdAt: number;
  lastSeenAt: number;
}

export const sessionHandle = (idHash: string): string => hash('sha256', `session-handle:${idHash}`, 'hex').slice(0, 32);

/** Sessions by their raw ID (the cookie's value); the routes read and write the cookies (http/session-cookies.ts). */
export class SessionManager {
  constructor(
    private readonly store: SessionStore,
    private readonly settings: SessionSettings,
    private readonly clock: Clock,
    /** Hears of each account whose sessions ended, and why (the audit). */
    private readonly ended: (accountId: string, reason: EndReason, count: number) => Promise<void> = async () => {},
  ) {}

  /** The live session with this ID, if it is of one of the given kinds. */
  async find(rawId: string | undefined, kinds: readonly SessionKind[] = ['full']): Promise<SessionRow | null> {
    if (!rawId) return null;
    const idHash = hashSessionId(rawId);
    const row = await this.store.findLive(idHash, this.clock());
    // An expired session is deleted when it is presented, so nothing (not even a clock set back) can revive it.
    if (!row) await this.expire(idHash);
    return row && kinds.includes(row.kind) ? row : null;
  }

  /** A new session in place of the browser's previous one (`replacing`); answers the raw ID for its cookie. */
  async open(
    input: StartSession,
    replacing: string | undefined,
    origin: Origin = {},
  ): Promise<{ rawId: string; row: SessionRow }> {
    if (replacing) await this.store.delete(hashSessionId(replacing));
    const now = this.clock();
    const rawId = input.rawId ?? newSessionId();
    const row: SessionRow = {
      id_hash: hashSessionId(rawId),
      account_id: input.accountId,
      kind: input.kind,
      cobrand: input.cobrand,
      locale: input.locale,
      sso: input.sso ? 1 : 0,
      method: input.method ?? null,
      created_at: now,
      last_seen_at: now,
      idle_expires_at: now + this.settings.idleMs,
      absolute_expires_at: now + this.settings.absoluteMs,
      user_agent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      client_address: origin.address?.slice(0, ADDRESS_MAX) ?? null,
      device_id: input.device ?? null,
    };
    await this.store.insert(row);
    await this.cap(input.accountId);
    return { rawId, row };
  }

  /** The account's newest sessions up to the cap stay; older ones end (the audit hears why). */
  private async cap(accountId: string): Promise<void> {
    const max = this.settings.maxPerAccount ?? 0;
    if (max <= 0) return;
    const count = await this.store.deleteOldestForAccount(accountId, max);
    if (count > 0) await this.ended(accountId, 'session cap', count);
  }

  /** The ping (§7): renews any live session, the restricted ones included, whose screens carry the warning too. */
  async renew(rawId: string | undefined): Promise<Deadlines | null> {
    if (!rawId) return null;
    const { idleMs } = this.settings;
    const idHash = hashSessionId(rawId);
    const renewed = await this.store.renew(idHash, this.clock(), idleMs, idleMs * RENEW_STEP_SHARE);
    if (!renewed) await this.expire(idHash);
    return renewed;
  }

  private async expire(idHash: string): Promise<void> {
    const accountId = await this.store.delete(idHash);
    if (accountId) await this.ended(accountId, 'expired', 1);
  }

  /**
   * A step up in the same session (a changed password): the session goes on, deadlines and all, under a new ID, so an
   * ID seen before the step is worth nothing after it. Answers the new raw ID, or null if the session had ended.
   */
  async rotate(session: SessionRow): Promise<string | null> {
    const rawId = newSessionId();
    return (await this.store.rekey(session.id_hash, hashSessionId(rawId), this.clock())) ? rawId : null;
  }

  /** Ends the session with this ID, answering it if it was live. */
  async end(rawId: string): Promise<SessionRow | null> {
    const idHash = hashSessionId(rawId);
    const ended = (await this.store.findLive(idHash, this.clock())) ?? null;
    await this.store.delete(idHash);
    return ended;
  }

  /** Every session of the account ends: it was locked. */
  async endAllFor(accountId: string): Promise<void> {
    const count = await this.store.deleteForAccount(accountId);
    if (count > 0) await this.ended(accountId, 'locked', count);
  }

  /**
   * The account was locked for unknown devices: every session ends but those opened on one of its `trusted` devices,
   * whose browsers the lock does not stop (docs/decisions.md, "Device trust").
   */
  async endUnknownDevicesFor(accountId: string, trusted: readonly string[]): Promise<void> {
    const count = await this.store.deleteForAccountBut(accountId, trusted);
    if (count > 0) await this.ended(accountId, 'locked', count);
  }

  /**
   * The bank's provider ended the user's session there (back-channel logout): the sessions single sign-on opened for
   * the account in that cobrand end, the token step's included. Answers how many ended.
   */
  async endFederated(accountId: string, cobrand: string): Promise<number> {
    const count = await this.store.deleteFederated(accountId, cobrand);
    if (count > 0) await this.ended(accountId, 'provider logout', count);
    return count;
  }

  /** After a password change: every other session of the account ends (ones opened with the old password). */
  async endOthersFor(session: SessionRow): Promise<void> {
    const count = await this.store.deleteForAccountExcept(session.account_id, session.id_hash);
    if (count > 0) await this.ended(session.account_id, 'password changed', count);
  }

  /** The account's live sessions, newest first, `session` marked as the current one (the security page). */
  async listFor(session: SessionRow): Promise<SessionEntry[]> {
    const rows = await this.store.liveForAccount(session.account_id, this.clock());
    return rows.map((row) => ({
      handle: sessionHandle(row.id_hash),
      current: row.id_hash === session.id_hash,
      userAgent: row.user_agent,
      address: row.client_address,
      createdAt: Number(row.created_at),
      lastSeenAt: Number(row.last_seen_at),
    }));
  }

  /**
   * The user ends one of their own sessions by its handle (not the one they use: logout ends that). Answers whether it
   * ended: a handle of another account's session, of the current one, or of none at all is refused alike.
   */
  async endByHandle(session: SessionRow, handle: string): Promise<boolean> {
    const rows = await this.store.liveForAccount(session.account_id, this.clock());
    const row = rows.find(
      (candidate) => candidate.id_hash !== session.id_hash && sessionHandle(candidate.id_hash) === handle,
    );
    if (!row) return false;
    return this.store.deleteOfAccount(session.account_id, row.id_hash);
  }

  /** The user ends every other session of theirs (OWASP ASVS 5.0 7.5.2); answers how many ended. */
  async endOthersByUser(session: SessionRow): Promise<number> {
    return this.store.deleteForAccountExcept(session.account_id, session.id_hash);
  }
}
