/**
 * Tells every instance that the cobrand catalogue changed (PostgreSQL LISTEN/NOTIFY), so each empties its cache at
 * once instead of waiting out its TTL. A listener that loses its connection reconnects, and empties the cache then
 * too, since a notice may have been missed meanwhile. It needs a session of its own: behind a pooler in transaction
 * mode it is given LISTEN_DATABASE_URL, a direct connection.
 */
import { sql } from 'kysely';
import type pg from 'pg';
import type { PortalDatabase } from '../db/database.js';

const RECONNECT_MS = 5_000;
const channelOf = (schema: string | undefined) => `portal_catalogue_${schema ?? 'public'}`;

export async function announceCatalogueChange(database: PortalDatabase): Promise<void> {
  if (database.dialect === 'postgres')
    await sql`select pg_notify(${channelOf(database.schema)}, '')`.execute(database.db);
}

export interface CatalogueListener {
  close(): Promise<void>;
}

export function listenForCatalogueChanges(
  databaseUrl: string,
  schema: string | undefined,
  onChange: () => void,
  warn: (message: string) => void,
): CatalogueListener {
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const reconnectLater = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, RECONNECT_MS);
    timer.unref();
  };

  /** A client whose notices empty the cache, and whose end (the database went away) schedules the next try. */
  async function newClient(): Promise<pg.Client> {
    const { default: driver } = await import('pg');
    // Keep-alive probes notice a connection a failover dropped without a word, which an idle LISTEN never would.
    const next = new driver.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000, keepAlive: true });
    next.on('notification', () => onChange());
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client === next) client = null;
      reconnectLater();
    });
    return next;
  }

  async function connect(): Promise<void> {
    let next: pg.Client | null = null;
    try {
      next = await newClient();
      await next.connect();
      await next.query(`listen "${channelOf(schema).replace(/"/g, '')}"`);
      if (closed) return void (await next.end());
      client = next;
      onChange();
    } catch (error) {
      warn(`cobrand catalogue listener: ${(error as Error).message}; retrying`);
      await next?.end().catch(() => undefined);
      reconnectLater();
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
