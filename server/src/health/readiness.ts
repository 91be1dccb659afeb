/**
 * What /readyz reports beyond "the database answers": a stop under way (the balancer must take this instance out
 * before it stops accepting), sign-ins refused for load (`busy`), and writes the database refused (a full disk, a
 * read-only primary after a failover), anywhere in the service, until a write succeeds again. The database's answer
 * is awaited for at most CHECK_DEADLINE_MS, one check at a time, so a hanging database (PgBouncer paused) gets a 503
 * within a probe's timeout rather than a probe that never answers.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { writesRefused } from '../db/database-errors.js';
import { SingleFlight } from '../db/single-flight.js';
import type { Database } from '../db/tables.js';

export type ReadinessState = 'ready' | 'draining' | 'unavailable' | 'busy';

/** Under Kubernetes' default probe timeout (1 s) with room for the answer's way back; haproxy's check allows 2 s. */
export const CHECK_DEADLINE_MS = 800;

export class Readiness {
  private draining = false;
  private writesRefused = false;
  private readonly instance = randomUUID();
  private busy: () => boolean = () => false;
  private readonly database = new SingleFlight<void>(CHECK_DEADLINE_MS);

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

  /** A statement failed somewhere: a refused write fails readiness until one succeeds. */
  heard(error: unknown): void {
    if (writesRefused(error)) this.writesRefused = true;
  }

  /** The state, or the database's error (a NoAnswerInTime when it did not answer within the deadline). */
  async check(db: Kysely<Database>, now: number): Promise<ReadinessState> {
    if (this.draining) return 'draining';
    if (this.busy()) return 'busy';
    await this.database.run(() => this.databaseTakesWork(db, now));
    return 'ready';
  }

  private async databaseTakesWork(db: Kysely<Database>, now: number): Promise<void> {
    await sql`select 1`.execute(db);
    if (!this.writesRefused) return;
    await db
      .insertInto('write_check')
      .values({ instance: this.instance, checked_at: now })
      .onConflict((c) => c.column('instance').doUpdateSet({ checked_at: now }))
      .execute();
    this.writesRefused = false;
  }
}
