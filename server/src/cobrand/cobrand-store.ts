import { createHash } from 'node:crypto';
import type { CobrandFooter } from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import { within } from '../db/within.js';
import type { CatalogueCobrand, CobrandRecord } from './catalogue.js';

export interface StoredCobrand {
  /** The catalogue record as imported (what `cobrands export` prints). */
  record: CobrandRecord;
  /** The footer resolved at import from the record's variant, in each of its languages: a request does no footer work. */
  footers: Record<string, CobrandFooter>;
  /** Content hash of record and footer: the ETag, so a changed variant changes it too. */
  version: string;
}

export class CobrandStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Replaces the catalogue in one transaction: either every record lands or none does. */
  async importAll(cobrands: CatalogueCobrand[], now: number, inTransaction?: Transaction<Database>): Promise<void> {
    await within(this.db, inTransaction, async (trx) => {
      for (const { record, footers } of cobrands) {
        const json = JSON.stringify({ record, footers });
        const row = {
          name: record.cobrand.name,
          abbreviation: record.cobrand.abbreviation,
          record: json,
          version: createHash('sha256').update(json).digest('base64url').slice(0, 27),
          updated_at: now,
        };
        await trx
          .insertInto('cobrand')
          .values(row)
          .onConflict((oc) =>
            oc.column('name').doUpdateSet({
              abbreviation: row.abbreviation,
              record: row.record,
              version: row.version,
              updated_at: now,
            }),
          )
          .execute();
      }
    });
  }

  async find(name: string): Promise<StoredCobrand | null> {
    const row = await this.db
      .selectFrom('cobrand')
      .select(['record', 'version'])
      .where('name', '=', name)
      .executeTakeFirst();
    if (!row) return null;
    const { record, footers } = JSON.parse(row.record) as Omit<StoredCobrand, 'version'>;
    return { record, footers, version: row.version };
  }

  async identityProviders(): Promise<CobrandRecord['identityProvider'][]> {
    const rows = await this.db.selectFrom('cobrand').select('record').execute();
    return rows.map((row) => (JSON.parse(row.record) as StoredCobrand).record.identityProvider);
  }

  /** Every cobrand's related origins (WebAuthn), read in one query: the relying party answers for all of them. */
  async relatedOrigins(): Promise<string[]> {
    const rows = await this.db.selectFrom('cobrand').select('record').execute();
    const origins = rows.flatMap((row) => (JSON.parse(row.record) as StoredCobrand).record.relatedOrigins ?? []);
    return [...new Set(origins)].sort();
  }

  /** False when some row was stored in an older shape (no footer per language) and the catalogue must be imported again. */
  async isCurrentFormat(): Promise<boolean> {
    const rows = await this.db.selectFrom('cobrand').select('record').execute();
    return rows.every((row) => {
      const stored = JSON.parse(row.record) as Partial<StoredCobrand>;
      return Boolean(stored.record && stored.footers);
    });
  }

  async findNameByAbbreviation(abbreviation: string): Promise<string | null> {
    const rows = await this.db.selectFrom('cobrand').select(['name', 'abbreviation']).execute();
    return rows.find((r) => r.abbreviation.toLowerCase() === abbreviation.toLowerCase())?.name ?? null;
  }

  async list(): Promise<{ name: string; abbreviation: string }[]> {
    return this.db.selectFrom('cobrand').select(['name', 'abbreviation']).orderBy('name').execute();
  }
}
