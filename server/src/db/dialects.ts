/**
 * The service's Kysely dialects: every failed statement told to the database's failure watch (failure-watch.ts), and
 * on SQLite the cause of a failed transaction kept. On a full disk or an I/O error SQLite rolls the
 * transaction back by itself; Kysely then sends a rollback of its own, which fails ("cannot rollback - no transaction
 * is active") and is thrown in place of the cause, so a full disk read as an unexpected error (500) rather than the
 * outage it is (503, readiness failing). The rollback is sent only while a transaction is open.
 */
import type SQLite from 'better-sqlite3';
import {
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type PostgresDialectConfig,
  type SqliteDialectConfig,
} from 'kysely';
import type { FailureWatch } from './failure-watch.js';

class SqliteDriverKeepingCause extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly sqlite: SQLite.Database,
  ) {
    super(config);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }
}

/** SQLite, keeping the cause of a failed transaction, its statements watched. */
export class PortalSqliteDialect extends SqliteDialect {
  constructor(
    private readonly config: SqliteDialectConfig,
    private readonly sqlite: SQLite.Database,
    private readonly failures: FailureWatch,
  ) {
    super(config);
  }

  override createDriver(): SqliteDriver {
    return this.failures.watch(new SqliteDriverKeepingCause(this.config, this.sqlite));
  }
}

/** PostgreSQL, its statements watched. */
export class PortalPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly failures: FailureWatch,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return this.failures.watch(super.createDriver());
  }
}
