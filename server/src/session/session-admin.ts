/**
 * An operator's view of a user's sessions, for the admin API: list them, end one or all. A session is named by the
 * hash of its cookie, which is what the database keeps: it cannot be replayed as a cookie.
 */
import type { Clock } from '../clock.js';
import type { AuditLog, Origin } from '../db/audit-log.js';
import type { SessionStore } from './session-store.js';

const iso = (at: number) => new Date(Number(at)).toISOString();

export class SessionAdmin {
  constructor(
    private readonly store: SessionStore,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /**
   * The account's live sessions, newest first. Each is the admin API's SessionView (admin/schemas.ts, declared there
   * from its schema); operator.ts, which hands this to the API, checks the two agree.
   */
  async list(accountId: string) {
    const now = this.clock();
    const rows = await this.store.listForAccount(accountId);
    return rows
      .filter((r) => Number(r.idle_expires_at) > now && Number(r.absolute_expires_at) > now)
      .map((r) => ({
        id: r.id_hash,
        kind: r.kind,
        cobrand: r.cobrand,
        singleSignOn: Number(r.sso) === 1,
        createdAt: iso(r.created_at),
        lastSeenAt: iso(r.last_seen_at),
        idleExpiresAt: iso(r.idle_expires_at),
        absoluteExpiresAt: iso(r.absolute_expires_at),
      }));
  }

  /** Ends every session of the account; answers how many it ended. */
  async endAll(accountId: string, origin: Origin): Promise<number> {
    const event = { kind: 'session.ended' as const, accountId, detail: { reason: 'operator' } };
    let ended = 0;
    await this.audit.recordWith(event, origin, async (trx) => {
      ended = await this.store.deleteForAccount(accountId, trx);
      return ended > 0;
    });
    return ended;
  }

  /** Ends one session of the account; false when it has no such session. */
  endOne(accountId: string, id: string, origin: Origin): Promise<boolean> {
    const event = { kind: 'session.ended' as const, accountId, detail: { reason: 'operator', count: 1 } };
    return this.audit.recordWith(event, origin, (trx) => this.store.deleteOfAccount(accountId, id, trx));
  }
}
