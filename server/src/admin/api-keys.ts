/**
 * The admin API's keys. A key is 256 random bits, shown once when made; the database keeps an HMAC-SHA-256 of it under
 * a key derived from PORTAL_SECRET. A fast hash suffices where a password needs argon2: a password is guessable, so
 * its hash must make each guess costly, but nobody can guess among 2^256 keys however fast each try is; and the HMAC's
 * key means a copy of the database alone cannot even test a candidate. Being fast, the check costs each call a
 * microsecond, and the hash is looked up by an index, with no per-key salt to find first.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { ADMIN_SCOPES, type AdminScope } from '@portal/contract/console';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { AuditLog, Origin } from '../db/audit-log.js';
import type { Database } from '../db/tables.js';
import { Refusal } from '../refusal.js';

/** What a key may do (the contract's list, which the console offers). */
export const SCOPES = ADMIN_SCOPES;
export type Scope = AdminScope;

export interface ApiKey {
  name: string;
  scopes: ReadonlySet<Scope>;
  /** The cobrands whose users the key sees and changes; null: all. */
  cobrands: readonly string[] | null;
  /** Who the audit names, where the key stands for someone else (the console's operator); `api:<name>` otherwise. */
  actor?: string;
}

export interface ApiKeyListing {
  name: string;
  scopes: Scope[];
  cobrands: string[] | null;
  createdAt: string;
  revokedAt: string | null;
}

const KEY_PREFIX = 'pak_';
const words = (text: string) => text.split(' ').filter(Boolean);

export class ApiKeys {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly hashKey: Buffer,
    private readonly clock: Clock,
  ) {}

  private hash(key: string): string {
    return createHmac('sha256', this.hashKey).update(key).digest('hex');
  }

  /**
   * The key an Authorization header carries, or null. A missing, malformed, unknown or revoked key does the same
   * work (one HMAC, one indexed read) and gets the same null: a refusal tells nothing about other keys.
   */
  async authenticate(header: string | undefined): Promise<ApiKey | null> {
    const given = /^Bearer ([\x21-\x7e]{1,200})$/i.exec(header ?? '')?.[1] ?? '';
    const row = await this.db
      .selectFrom('api_key')
      .select(['name', 'scopes', 'cobrands'])
      .where('key_hash', '=', this.hash(given))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row || !given.startsWith(KEY_PREFIX)) return null;
    const cobrands = words(row.cobrands);
    return {
      name: row.name,
      scopes: new Set(words(row.scopes) as Scope[]),
      cobrands: cobrands.length ? cobrands : null,
    };
  }

  /** Makes a key; answers it, the one time it is ever shown. */
  async create(given: { name: string; scopes: string[]; cobrands: string[] }, audit: AuditLog, origin: Origin) {
    const name = given.name.trim();
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name))
      throw new Refusal('invalid', 'must be 1 to 64 letters, digits, dots, dashes or underscores', 'name');
    const unknown = given.scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
    if (!given.scopes.length || unknown.length)
      throw new Refusal('invalid', `must be among ${SCOPES.join(', ')} (comma-separated)`, 'scopes');
    if (await this.db.selectFrom('api_key').select('name').where('name', '=', name).executeTakeFirst())
      throw new Refusal('conflict', `an API key named "${name}" exists already (names stay taken after revocation)`);
    const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = {
      name,
      key_hash: this.hash(key),
      scopes: [...new Set(given.scopes)].join(' '),
      cobrands: [...new Set(given.cobrands)].join(' '),
      created_at: this.clock(),
      revoked_at: null,
    };
    const detail = { name, scopes: row.scopes, cobrands: row.cobrands || '*' };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('api_key').values(row).execute();
      await audit.record('apikey.created', null, detail, { origin, trx });
    });
    return key;
  }

  async revoke(name: string, audit: AuditLog, origin: Origin): Promise<void> {
    const revoked = await audit.recordWith(
      { kind: 'apikey.revoked', accountId: null, detail: { name } },
      origin,
      async (trx) => {
        const result = await trx
          .updateTable('api_key')
          .set({ revoked_at: this.clock() })
          .where('name', '=', name)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      },
    );
    if (!revoked) throw new Refusal('not-found', `no API key "${name}" in use`);
  }

  async list(): Promise<ApiKeyListing[]> {
    const rows = await this.db.selectFrom('api_key').selectAll().orderBy('name').execute();
    const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());
    return rows.map((r) => ({
      name: r.name,
      scopes: words(r.scopes) as Scope[],
      cobrands: words(r.cobrands).length ? words(r.cobrands) : null,
      createdAt: iso(r.created_at)!,
      revokedAt: iso(r.revoked_at),
    }));
  }
}
