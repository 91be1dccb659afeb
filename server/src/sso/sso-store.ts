/** The links between provider subjects and portal users, and the single-use values of sign-ons in progress. */
import type { CacheProvider } from '@node-saml/node-saml';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/tables.js';
import { ProviderSessionStore } from './oidc/provider-session-store.js';

export class SsoStore {
  /** The OIDC provider sessions behind federated portal sessions, for back-channel logout. */
  readonly providerSessions: ProviderSessionStore;

  constructor(private readonly db: Kysely<Database>) {
    this.providerSessions = new ProviderSessionStore(db);
  }

  async link(cobrand: string, subject: string, accountId: string, now: number, trx?: Transaction<Database>) {
    await (trx ?? this.db)
      .insertInto('sso_link')
      .values({ cobrand, subject, account_id: accountId, created_at: now })
      .onConflict((oc) => oc.columns(['cobrand', 'subject']).doUpdateSet({ account_id: accountId, created_at: now }))
      .execute();
  }

  /** The subjects linked to the account, by cobrand. */
  async linksOf(accountId: string): Promise<{ cobrand: string; subject: string; linkedAt: string }[]> {
    const rows = await this.db
      .selectFrom('sso_link')
      .select(['cobrand', 'subject', 'created_at'])
      .where('account_id', '=', accountId)
      .orderBy('cobrand')
      .orderBy('subject')
      .execute();
    return rows.map((r) => ({
      cobrand: r.cobrand,
      subject: r.subject,
      linkedAt: new Date(Number(r.created_at)).toISOString(),
    }));
  }

  async linkedAccount(cobrand: string, subject: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('sso_link')
      .select('account_id')
      .where('cobrand', '=', cobrand)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.account_id;
  }

  /** Records `key` once: false when it was there already and has not expired (a replay). */
  async once(key: string, value: string, expiresAt: number, now: number): Promise<boolean> {
    await this.db.deleteFrom('sso_once').where('expires_at', '<', now).execute();
    const result = await this.db
      .insertInto('sso_once')
      .values({ key, value, expires_at: expiresAt })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Records `key` with `value` until `expiresAt`, over what it held (a value kept as long as a session lasts). */
  async keep(key: string, value: string, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('sso_once')
      .values({ key, value, expires_at: expiresAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, expires_at: expiresAt }))
      .execute();
  }

  async read(key: string, now: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('sso_once')
      .select('value')
      .where('key', '=', key)
      .where('expires_at', '>=', now)
      .executeTakeFirst();
    return row?.value ?? null;
  }

  /** Takes `key` away; true when it was there. */
  async take(key: string): Promise<boolean> {
    const result = await this.db.deleteFrom('sso_once').where('key', '=', key).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Where node-saml keeps the IDs of a cobrand's requests awaiting an answer: shared by every instance. */
  samlRequests(cobrand: string, clock: Clock, lifetimeMs: number): CacheProvider {
    const key = (id: string) => `saml-request:${cobrand}:${id}`;
    return {
      saveAsync: async (id, value) => {
        const now = clock();
        return (await this.once(key(id), value, now + lifetimeMs, now)) ? { value, createdAt: now } : null;
      },
      getAsync: (id) => this.read(key(id), clock()),
      removeAsync: async (id) => (id !== null && (await this.take(key(id))) ? id : null),
    };
  }
}
