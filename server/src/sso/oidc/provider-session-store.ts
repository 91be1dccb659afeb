/** Which portal users a provider's logout token names, through the provider sessions they signed in with. */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

export interface ProviderSession {
  cobrand: string;
  subject: string;
  sid: string | null;
  accountId: string;
}

export class ProviderSessionStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Kept as long as the portal session it opened could last; a later sign-on in the same pair moves the deadline. */
  async record(session: ProviderSession, expiresAt: number): Promise<void> {
    const { cobrand, subject, sid, accountId } = session;
    const id = createHash('sha256')
      .update(JSON.stringify([cobrand, subject, sid, accountId]))
      .digest('hex');
    await this.db
      .insertInto('sso_provider_session')
      .values({ id, cobrand, subject, sid, account_id: accountId, expires_at: expiresAt })
      .onConflict((oc) => oc.column('id').doUpdateSet({ expires_at: expiresAt }))
      .execute();
  }

  /**
   * The accounts signed in through the provider session `sid` (and as `sub`, when both are given), or as `sub` in any
   * of its sessions when only `sub` is given (Back-Channel Logout 1.0 §2.4), or as `sub` in sessions whose ID token
   * named no sid when `sid` is null; their rows go.
   */
  async take(cobrand: string, named: { sub?: string; sid?: string | null }, now: number): Promise<string[]> {
    await this.db.deleteFrom('sso_provider_session').where('expires_at', '<', now).execute();
    let query = this.db.deleteFrom('sso_provider_session').where('cobrand', '=', cobrand);
    if (named.sid) query = query.where('sid', '=', named.sid);
    if (named.sid === null) query = query.where('sid', 'is', null);
    if (named.sub) query = query.where('subject', '=', named.sub);
    if (!named.sid && !named.sub) return [];
    const rows = await query.returning('account_id').execute();
    return [...new Set(rows.map((row) => row.account_id))];
  }
}
