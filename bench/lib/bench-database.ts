/**
 * A database for one measurement, migrated by the service: SQLite in a new data folder, or PostgreSQL in a schema of
 * its own (created here, dropped by `drop` with the folder), so that runs never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase, type PortalDatabase } from '../../server/src/db/database.js';

export interface BenchDatabase {
  database: PortalDatabase;
  dataDir: string;
  /** The database's URL (null: SQLite in `dataDir`). */
  url: string | null;
  /** Closes the database, drops its schema and removes its folder. */
  drop(): Promise<void>;
}

export async function benchDatabase(
  dialect: 'sqlite' | 'postgres',
  postgresUrl: string | undefined,
  name: string,
): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `portal-${name}-${dialect}-`));
  const url = dialect === 'postgres' ? postgresUrl! : null;
  const schema = dialect === 'postgres' ? `bench_${name}_${randomBytes(6).toString('hex')}` : undefined;
  const inSchema = async (statement: (id: ReturnType<typeof sql.id>) => ReturnType<typeof sql>) => {
    const admin = openDatabase({ databaseUrl: url, dataDir });
    await statement(sql.id(schema!)).execute(admin.db);
    await admin.close();
  };
  if (schema) await inSchema((id) => sql`create schema ${id}`);
  const database = openDatabase({ databaseUrl: url, dataDir, ...(schema ? { schema } : {}) });
  await migrateToLatest(database.db, schema);
  const drop = async () => {
    await database.close();
    if (schema) await inSchema((id) => sql`drop schema ${id} cascade`);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { database, dataDir, url, drop };
}
