import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { CobrandRecord } from './catalogue.js';

export interface StoredCobrand {
  record: CobrandRecord;
  version: string;
}

export class CobrandStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Replaces the catalogue in one transaction: either every record lands or none does. */
  async importAll(records: CobrandRecord[], now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const record of records) {
        const json = JSON.stringify(record);
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
          .onConflict((oc) => oc.column('name').doUpdateSet({ abbreviation: row.abbreviation, record: row.record, version: row.version, updated_at: now }))
          .execute();
      }
    });
  }

  async find(name: string): Promise<StoredCobrand | null> {
    const row = await this.db.selectFrom('cobrand').select(['record', 'version']).where('name', '=', name).executeTakeFirst();
    return row ? { record: JSON.parse(row.record) as CobrandRecord, version: row.version } : null;
  }

  async findNameByAbbreviation(abbreviation: string): Promise<string | null> {
    const rows = await this.db.selectFrom('cobrand').select(['name', 'abbreviation']).execute();
    return rows.find((r) => r.abbreviation.toLowerCase() === abbreviation.toLowerCase())?.name ?? null;
  }

  async list(): Promise<{ name: string; abbreviation: string }[]> {
    return this.db.selectFrom('cobrand').select(['name', 'abbreviation']).orderBy('name').execute();
  }
}
