/**
 * Sessions as the browser sees them: an opaque 256-bit cookie, a new ID at every sign-in, renewed only by the ping,
 * ended by logout, idle and absolute deadlines from configuration. Each change re-issues the anti-forgery token.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { issueCsrfToken, sessionBinding } from '../security/csrf.js';
import { hashSessionId, newSessionId } from '../security/ids.js';
import type { Clock } from '../clock.js';
import { CSRF_COOKIE, type CookiePolicy } from './session-cookie.js';
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
  csrfKey: Buffer;
  cookies: CookiePolicy;
}

export interface StartSession {
  accountId: string;
  kind: SessionKind;
  cobrand: string;
  locale: string;
  sso?: boolean;
}

export class SessionManager {
  constructor(
    private readonly store: SessionStore,
    private readonly settings: SessionSettings,
    private readonly clock: Clock,
  ) {}

  rawId(request: FastifyRequest): string | undefined {
    const value = request.cookies[this.settings.cookies.sessionCookie];
    return value && value.length <= 64 ? value : undefined;
  }

  /** The live session of the request, if it is of one of the given kinds. */
  async current(request: FastifyRequest, kinds: readonly SessionKind[] = ['full']): Promise<SessionRow | null> {
    const raw = this.rawId(request);
    if (!raw) return null;
    const idHash = hashSessionId(raw);
    const row = await this.store.findLive(idHash, this.clock());
    // An expired session is deleted when it is presented, so nothing (not even a clock set back) can revive it.
    if (!row) await this.store.delete(idHash);
    return row && kinds.includes(row.kind) ? row : null;
  }

  async start(request: FastifyRequest, reply: FastifyReply, input: StartSession): Promise<SessionRow> {
    const old = this.rawId(request);
    if (old) await this.store.delete(hashSessionId(old));
    const now = this.clock();
    const raw = newSessionId();
    const row: SessionRow = {
      id_hash: hashSessionId(raw),
      account_id: input.accountId,
      kind: input.kind,
      cobrand: input.cobrand,
      locale: input.locale,
      sso: input.sso ? 1 : 0,
      created_at: now,
      last_seen_at: now,
      idle_expires_at: now + this.settings.idleMs,
      absolute_expires_at: now + this.settings.absoluteMs,
    };
    await this.store.insert(row);
    reply.setCookie(this.settings.cookies.sessionCookie, raw, this.settings.cookies.session);
    this.issueCsrf(reply, raw);
    return row;
  }

  /** The ping (§7): renews any live session, the restricted ones included, whose screens carry the warning too. */
  async renew(request: FastifyRequest): Promise<Deadlines | null> {
    const raw = this.rawId(request);
    if (!raw) return null;
    const { idleMs } = this.settings;
    const idHash = hashSessionId(raw);
    const renewed = await this.store.renew(idHash, this.clock(), idleMs, idleMs * RENEW_STEP_SHARE);
    if (!renewed) await this.store.delete(idHash);
    return renewed;
  }

  /** Ends the request's session, if any, and leaves the browser with no session cookie and an unbound token. */
  async end(request: FastifyRequest, reply: FastifyReply): Promise<SessionRow | null> {
    const raw = this.rawId(request);
    let ended: SessionRow | null = null;
    if (raw) {
      const idHash = hashSessionId(raw);
      ended = (await this.store.findLive(idHash, this.clock())) ?? null;
      await this.store.delete(idHash);
      reply.clearCookie(this.settings.cookies.sessionCookie, this.settings.cookies.session);
    }
    // The token was bound to the session just ended. Without a session, the guard (csrf-guard.ts) has already
    // issued one if the request lacked a valid token.
    if (raw) this.issueCsrf(reply, undefined);
    return ended;
  }

  endAllFor(accountId: string): Promise<void> {
    return this.store.deleteForAccount(accountId);
  }

  /** After a password change: every other session of the account ends (ones opened with the old password). */
  endOthersFor(session: SessionRow): Promise<void> {
    return this.store.deleteForAccountExcept(session.account_id, session.id_hash);
  }

  issueCsrf(reply: FastifyReply, rawSessionId: string | undefined): void {
    reply.setCookie(
      CSRF_COOKIE,
      issueCsrfToken(this.settings.csrfKey, sessionBinding(rawSessionId)),
      this.settings.cookies.csrf,
    );
  }
}
