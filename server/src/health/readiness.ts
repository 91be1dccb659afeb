/**
 * What /readyz reports beyond "the database answers": a stop under way (the balancer must take this instance out
 * before it stops accepting), sign-ins refused for load (`busy`), and writes the database refused (a full disk, a
 * read-only primary after a failover), until a write succeeds again.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

export type ReadinessState = 'ready' | 'draining' | 'unavailable' | 'busy';

export class Readiness {
  private draining = false;
  private writesRefused = false;
  private readonly instance = randomUUID();
  private busy: () => boolean = () => false;

  /**
   * What says the instance cannot answer in time now (the hash queue refusing sign-ins for load): readiness fails
   * while it holds, so the balancer sends new visitors to an instance that can; it clears as soon as the queue drains.
   */
  busyWhen(check: () => boolean): void {
    this.busy = check;
  }

  /** SIGTERM: answer 503 from now on, while the service still serves. */
  drain(): void {
    this.draining = true;
  }

  /** A write was refused: readiness fails until one succeeds. */
  writeRefused(): void {
    this.writesRefused = true;
  }

  async check(db: Kysely<Database>, now: number): Promise<ReadinessState> {
    if (this.draining) return 'draining';
    if (this.busy()) return 'busy';
    await sql`select 1`.execute(db);
    if (!this.writesRefused) return 'ready';
    await db
      .insertInto('write_check')
      .values({ instance: this.instance, checked_at: now })
      .onConflict((c) => c.column('instance').doUpdateSet({ checked_at: now }))
      .execute();
    this.writesRefused = false;
    return 'ready';
  }
}
