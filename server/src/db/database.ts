/** Opens the one data-access layer: SQLite by default, PostgreSQL when DATABASE_URL says so. */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter } from 'kysely';
import type pg from 'pg';
import { inMigrationTransaction } from './migration-transaction.js';
import { migrations } from './migrations/index.js';
import { checkpointInBackground } from './sqlite-checkpoints.js';
import { PortalPostgresDialect, PortalSqliteDialect } from './dialects.js';
import { FailureWatch, type FailureListener } from './failure-watch.js';
import type { Database } from './tables.js';

export type Dialect = 'sqlite' | 'postgres';
export interface PortalDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema the portal lives in, when not the default one. */
  schema?: string;
  /** PostgreSQL's connection pool as it stands (SQLite has one connection and no pool). */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Hears of every statement that fails, until the answer is called. */
  onFailure(listener: FailureListener): () => void;
  close(): Promise<void>;
}

// Each driver is loaded only by the deployment that uses it: an idle instance holds the code it loads
// (docs/benchmarks.md, figure 5).
const load = createRequire(import.meta.url);

function postgresDriver(): typeof pg {
  const driver = load('pg') as typeof pg;
  // bigint columns hold epoch milliseconds, well inside Number's exact range.
  driver.types.setTypeParser(driver.types.builtins.INT8, (value) => Number(value));
  return driver;
}

export interface OpenOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate themselves in one); it must exist already. */
  schema?: string;
  /** SQLite file name inside dataDir. */
  sqliteFile?: string;
  /**
   * SQLite: checkpoint from a worker thread (the default, for the service) or on the connection itself, as SQLite
   * does by default (enough for a command that runs and exits).
   */
  sqliteCheckpoints?: 'background' | 'inline';
  /** Told when something degrades without failing (the checkpoint worker stopped). */
  onWarning?: (message: string) => void;
}

export function openDatabase(options: OpenOptions): PortalDatabase {
  const failures = new FailureWatch();
  const onFailure = (listener: FailureListener) => failures.listen(listener);
  if (options.databaseUrl) {
    const pool = new (postgresDriver().Pool)({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // A dropped connection must not crash the process. pg-pool listens for errors only on idle clients, so every
    // client gets its own listener too: the query in flight still fails (503), and the pool replaces the client.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new PortalPostgresDialect({ pool }, failures) });
    return {
      db,
      dialect: 'postgres',
      onFailure,
      ...(options.schema ? { schema: options.schema } : {}),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, options.sqliteFile ?? 'portal.sqlite');
  const sqlite = new (load('better-sqlite3') as typeof SQLite)(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const checkpointer =
    options.sqliteCheckpoints === 'inline' ? null : checkpointInBackground(sqlite, file, options.onWarning);
  const db = new Kysely<Database>({
    dialect: new PortalSqliteDialect({ database: withStatementCache(sqlite) }, sqlite, failures),
  });
  return {
    db,
    dialect: 'sqlite',
    onFailure,
    async close() {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/** Enough for every query the service writes; queries built with a varying number of values could make more. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely asks SQLite to prepare every query afresh, which cost more than running most of ours (docs/benchmarks.md,
 * "Before and after", section "The SQLite statement cache"). The service's queries
 * are a fixed set of texts, so each is prepared once and reused. Safe because better-sqlite3 runs a statement to the
 * end before it returns, and the service never streams rows (a statement being iterated could not be reused).
 */
function withStatementCache(sqlite: SQLite.Database): { prepare(sql: string): SQLite.Statement; close(): void } {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}

export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<string[]> {
  // On PostgreSQL in one transaction of our own (migration-transaction.ts says why), so not in the migrator's.
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    return inMigrationTransaction(db, (connection) => migrate(connection, schema, true));
  return migrate(db, schema, false);
}

async function migrate(db: Kysely<Database>, schema: string | undefined, disableTransactions: boolean) {
  // The migrator looks for its own tables in the schema it is given (else in every schema it can see).
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
    disableTransactions,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
