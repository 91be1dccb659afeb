/**
 * Every statement that fails on the database's connections, told to whoever listens: readiness hears of a refused
 * write wherever it happens (a call, a background pass, a write whose caller handles the error), not only of those a
 * request's error handler sees.
 */
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult } from 'kysely';

export type FailureListener = (error: unknown) => void;

export class FailureWatch {
  private readonly listeners = new Set<FailureListener>();

  /** Listens until the answer is called. */
  listen(listener: FailureListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(error: unknown): void {
    for (const listener of this.listeners) listener(error);
  }

  /** The driver, its connections' statements watched (Kysely hands out the same connection object again). */
  watch<D extends Driver>(driver: D): D {
    const acquire = driver.acquireConnection.bind(driver);
    const watched = new WeakSet<DatabaseConnection>();
    driver.acquireConnection = async () => {
      const connection = await acquire();
      if (!watched.has(connection)) {
        watched.add(connection);
        const execute = connection.executeQuery.bind(connection);
        // Awaited inside a try: SQLite's driver throws before it returns a promise.
        connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
          try {
            return await execute<R>(query);
          } catch (error) {
            this.tell(error);
            throw error;
          }
        };
      }
      return connection;
    };
    return driver;
  }
}
