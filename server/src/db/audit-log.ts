/** Security-relevant events, kept in the database beside the state they describe. Never holds a secret. */
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock.js';
import { newId } from '../security/ids.js';
import { insertMany } from './insert-many.js';
import { prepareQuery } from './prepared-query.js';
import type { Database } from './tables.js';

/**
 * The kinds of audit event, each declared by the capability that records it (in its index.ts, into this interface),
 * so that a new kind is added where it is recorded: `AuditKind` is their union.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface the capabilities fill by declaration merging
export interface AuditKinds {}
export type AuditKind = keyof AuditKinds;

/**
 * Who made a change and from where: the client's address and user agent for a change made through the portal, the
 * administrator for one made at the command line. Routes build it from the request (`originOf`); services pass it on.
 */
export interface Origin {
  address?: string | undefined;
  userAgent?: string | undefined;
  /** The administrator, `cli:<login>`; absent when the account's own browser made the change. */
  actor?: string | undefined;
  /** The request that made the change, for the log line to join the request's (not kept in the audit table). */
  requestId?: string | undefined;
  /** Why, in the words of who made the change (a help-desk operator's): kept in each event's detail as `reason`. */
  reason?: string | undefined;
}

/** The user agent is the client's to write: kept to what the column holds. */
export const USER_AGENT_MAX = 256;

export interface RecordOptions {
  origin?: Origin | undefined;
  /**
   * The transaction of the change the event records, so that the two commit or roll back together. Record the event
   * last in it: the count the metrics read is taken at once, and only the commit can fail after it.
   */
  trx?: Transaction<Database> | undefined;
}

/**
 * Event IDs sort as the events happened, also within one millisecond of one instance (a refusal and the lock it
 * causes): the time, a counter, then random characters so instances never collide.
 */
let sequence = 0;
const eventId = (at: number): string => {
  sequence = (sequence + 1) % 1e6;
  return `${at.toString(36).padStart(9, '0')}-${sequence.toString(36).padStart(4, '0')}-${newId().slice(0, 18)}`;
};

/** The smallest ID of an event at `at` or later: the time an ID begins with, alone (a page of the trail seeks to it). */
export const eventIdFrom = (at: number): string => at.toString(36).padStart(9, '0');

/**
 * Told of each event as it is written: the service logs the security events among them (app.ts). `userId` is the
 * user ID of the event's account, as read in the event's transaction (null: no account, or none was read).
 */
export type AuditListener = (
  kind: AuditKind,
  accountId: string | null,
  detail: Record<string, string | number | boolean>,
  origin: Origin | undefined,
  userId?: string | null,
) => void;

/** The account an event names, as it stands in the event's transaction. */
export interface EventAccount {
  id: string;
  userId: string;
  cobrand: string;
  loginType: string;
}

/** An event as written, for what is fed from the audit log in the same transaction (the SIEM outbox). */
export interface RecordedEvent {
  id: string;
  at: number;
  kind: AuditKind;
  accountId: string | null;
  detail: Record<string, string | number | boolean>;
  address: string | null;
  userAgent: string | null;
  actor: string | null;
  /** Read in the event's transaction (always with a forwarder), for what the SIEM and the log name. */
  account?: EventAccount | undefined;
}

/** Writes what follows from events in the events' own transaction: both commit or neither (siem/). */
export type AuditForwarder = (trx: Transaction<Database>, events: readonly RecordedEvent[]) => Promise<void>;

export class AuditLog {
  /** Events this instance wrote, by kind, since it started (the metrics read them). */
  readonly counts = new Map<AuditKind, number>();
  /** Every sign-in writes an event: the statement is compiled once. */
  private readonly insert;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly listener?: AuditListener,
    private readonly forward?: AuditForwarder,
  ) {
    this.insert = prepareQuery(
      db,
      (
        id: string,
        at: number,
        kind: string,
        accountId: string | null,
        detail: string,
        address: string | null,
        userAgent: string | null,
        actor: string | null,
      ) =>
        db.insertInto('audit_event').values({
          id,
          at,
          kind,
          account_id: accountId,
          detail,
          client_address: address,
          user_agent: userAgent,
          actor,
        }),
    );
  }

  async record(
    kind: AuditKind,
    accountId: string | null,
    detail: Record<string, string | number | boolean> = {},
    { origin, trx }: RecordOptions = {},
  ): Promise<void> {
    const event = this.event(kind, accountId, detail, origin);
    if (trx) await this.write(trx, [event]);
    else if (this.forward) await this.db.transaction().execute((own) => this.write(own, [event]));
    else {
      const { id, at, address, userAgent, actor } = event;
      await this.insert(id, at, kind, accountId, JSON.stringify(event.detail), address, userAgent, actor);
    }
    this.told(event, origin);
  }

  /**
   * Events of one kind written together in `trx` (an import's batch of new accounts): one statement for their rows,
   * one for their accounts, one for what the forwarder writes, however many there are.
   */
  async recordMany(
    kind: AuditKind,
    events: readonly { accountId: string; detail: Record<string, string | number | boolean> }[],
    { origin, trx }: RecordOptions & { trx: Transaction<Database> },
  ): Promise<void> {
    if (!events.length) return;
    const recorded = events.map(({ accountId, detail }) => this.event(kind, accountId, detail, origin));
    await this.write(trx, recorded);
    for (const event of recorded) this.told(event, origin);
  }

  private event(
    kind: AuditKind,
    accountId: string | null,
    detail: Record<string, string | number | boolean>,
    origin: Origin | undefined,
  ): RecordedEvent {
    const at = this.clock();
    return {
      id: eventId(at),
      at,
      kind,
      accountId,
      detail: origin?.reason ? { ...detail, reason: origin.reason } : detail,
      address: origin?.address?.slice(0, 64) ?? null,
      userAgent: origin?.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      actor: origin?.actor?.slice(0, 128) ?? null,
    };
  }

  /** Counted for the metrics and told to the listener, once written. */
  private told(event: RecordedEvent, origin: Origin | undefined): void {
    this.counts.set(event.kind, (this.counts.get(event.kind) ?? 0) + 1);
    this.listener?.(event.kind, event.accountId, event.detail, origin, event.account?.userId ?? null);
  }

  /** The events' rows, their accounts as they stand, then what the forwarder writes of them, in `trx`. */
  private async write(trx: Transaction<Database>, events: readonly RecordedEvent[]): Promise<void> {
    const rows = events.map(({ id, at, kind, accountId, detail, address, userAgent, actor }) => ({
      id,
      at,
      kind,
      account_id: accountId,
      detail: JSON.stringify(detail),
      client_address: address,
      user_agent: userAgent,
      actor,
    }));
    await insertMany(trx, 'audit_event', rows);
    if (this.forward || this.listener) {
      const accounts = await accountsOf(
        trx,
        events.map((event) => event.accountId),
      );
      for (const event of events) event.account = event.accountId ? accounts.get(event.accountId) : undefined;
    }
    await this.forward?.(trx, events);
  }

  /**
   * Makes `change` in a transaction and records the event in the same one when the change reports it happened (a
   * truthy answer), then the work `alongside` it: a crash or a lost database leaves all or none.
   */
  async recordWith<T>(
    event: { kind: AuditKind; accountId: string | null; detail?: Record<string, string | number | boolean> },
    origin: Origin | undefined,
    change: (trx: Transaction<Database>) => Promise<T>,
    alongside?: (trx: Transaction<Database>) => Promise<unknown>,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const done = await change(trx);
      if (!done) return done;
      await this.record(event.kind, event.accountId, event.detail, { origin, trx });
      await alongside?.(trx);
      return done;
    });
  }

  /** Changes whose events are recorded in them (`record` with `trx`), committed together or not at all. */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** The account's last sign-in tries, refused ones included, newest first (the account's index on the audit). */
  async recentSignIns(accountId: string, limit = RECENT_SIGN_INS): Promise<SignInEntry[]> {
    const rows = await this.db
      .selectFrom('audit_event')
      .select(['at', 'kind', 'detail', 'client_address', 'user_agent'])
      .where('account_id', '=', accountId)
      .where('kind', 'in', ['signin.success', 'signin.failure'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      at: Number(row.at),
      success: row.kind === 'signin.success',
      detail: JSON.parse(row.detail) as Record<string, unknown>,
      address: row.client_address,
      userAgent: row.user_agent,
    }));
  }

  /** The detail of the account's newest event of `kind`, or null (the account's index on the audit). */
  async latestDetail(accountId: string, kind: AuditKind): Promise<Record<string, unknown> | null> {
    const row = await this.db
      .selectFrom('audit_event')
      .select('detail')
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? (JSON.parse(row.detail) as Record<string, unknown>) : null;
  }

  /** Events from `since` on, oldest first, with the user ID of their account; of one account when it is given. */
  async list(since: number, accountId?: string): Promise<AuditEntry[]> {
    let query = this.db
      .selectFrom('audit_event')
      .leftJoin('account', 'account.id', 'audit_event.account_id')
      .select([
        'audit_event.at',
        'audit_event.kind',
        'account.user_id',
        'audit_event.detail',
        'audit_event.client_address',
        'audit_event.user_agent',
        'audit_event.actor',
      ])
      .where('audit_event.at', '>=', since);
    if (accountId) query = query.where('audit_event.account_id', '=', accountId);
    const rows = await query.orderBy('audit_event.at').orderBy('audit_event.id').execute();
    return rows.map((row) => ({
      at: new Date(Number(row.at)).toISOString(),
      kind: row.kind,
      userId: row.user_id ?? null,
      detail: JSON.parse(row.detail) as Record<string, unknown>,
      address: row.client_address,
      userAgent: row.user_agent,
      actor: row.actor,
    }));
  }
}

/** The accounts events name, as they stand in the events' transaction, by id. */
async function accountsOf(trx: Transaction<Database>, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const found = new Map<string, EventAccount>();
  if (!wanted.length) return found;
  const rows = await trx
    .selectFrom('account')
    .select(['id', 'user_id', 'cobrand', 'login_type'])
    .where('id', 'in', wanted)
    .execute();
  for (const row of rows)
    found.set(row.id, { id: row.id, userId: row.user_id, cobrand: row.cobrand, loginType: row.login_type });
  return found;
}

/** A sign-in try of one account as its user sees it on the security page (issue 34). */
export interface SignInEntry {
  at: number;
  success: boolean;
  /** The success's `step` or the refusal's `method`/`reason`, as the audit recorded them. */
  detail: Record<string, unknown>;
  address: string | null;
  userAgent: string | null;
}

/** How many tries the security page shows. */
export const RECENT_SIGN_INS = 10;

export interface AuditEntry {
  at: string;
  kind: string;
  userId: string | null;
  detail: Record<string, unknown>;
  address: string | null;
  userAgent: string | null;
  actor: string | null;
}
