/** The passkeys of each account and the single-use challenges of their ceremonies. */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import { newId } from '../security/ids.js';
import type { PasskeyChallengeTable, PasskeyTable } from './passkey.table.js';

export type PasskeyRow = Selectable<PasskeyTable>;
export type Purpose = PasskeyChallengeTable['purpose'];

export interface NewPasskey {
  accountId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  name: string;
}

/** What a passkey's use changes: the counter it reported, its backup state, when. */
export interface PasskeyUse {
  counter: number;
  deviceType: string;
  backedUp: boolean;
  at: number;
}

const SWEEP_EVERY_MS = 60_000;

export class PasskeyStore {
  /** When this instance last swept expired challenges (by their `expiresAt`); 0: not yet. */
  private sweptAt = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores a new passkey; null, storing nothing, when its credential ID is taken already (by any account). The unique
   * key decides, in the insert itself, so two registrations of one credential racing cannot both land.
   */
  async add(passkey: NewPasskey, now: number, trx?: Transaction<Database>): Promise<PasskeyRow | null> {
    const row: PasskeyRow = {
      id: newId(),
      account_id: passkey.accountId,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports.join(','),
      device_type: passkey.deviceType,
      backed_up: passkey.backedUp ? 1 : 0,
      name: passkey.name,
      created_at: now,
      last_used_at: null,
      disabled_at: null,
    };
    const inserted = await (trx ?? this.db)
      .insertInto('passkey')
      .values(row)
      .onConflict((conflict) => conflict.column('credential_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted ? row : null;
  }

  async byCredential(credentialId: string): Promise<PasskeyRow | undefined> {
    return this.db.selectFrom('passkey').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
  }

  async ofAccount(accountId: string): Promise<PasskeyRow[]> {
    return this.db
      .selectFrom('passkey')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /**
   * Records a use, only over a lower counter than the one reported (or both nought, for authenticators that keep
   * none): two uses racing with one signature cannot both pass. False: the counter moved, or it was disabled,
   * meanwhile.
   */
  async used(id: string, before: number, use: PasskeyUse): Promise<boolean> {
    const result = await this.db
      .updateTable('passkey')
      .set({
        counter: use.counter,
        device_type: use.deviceType,
        backed_up: use.backedUp ? 1 : 0,
        last_used_at: use.at,
      })
      .where('id', '=', id)
      .where('counter', '=', before)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Disables a passkey for good (a cloned credential); false when it was disabled or removed meanwhile. */
  async disable(id: string, at: number, trx?: Transaction<Database>): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('passkey')
      .set({ disabled_at: at })
      .where('id', '=', id)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async rename(accountId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
    const result = await this.db
      .updateTable('passkey')
      .set({ name })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    return this.db.selectFrom('passkey').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async remove(accountId: string, id: string, trx?: Transaction<Database>): Promise<boolean> {
    const result = await (trx ?? this.db)
      .deleteFrom('passkey')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Keeps an issued challenge until `expiresAt`. Those expired for two hours are swept as new ones come, at most once a
   * minute an instance: the sign-in page asks for options on every visit, and a sweep on each was a statement on each.
   */
  async issue(challenge: string, purpose: Purpose, binding: string, accountId: string | null, expiresAt: number) {
    if (expiresAt - this.sweptAt >= SWEEP_EVERY_MS) {
      this.sweptAt = expiresAt;
      await this.db
        .deleteFrom('passkey_challenge')
        .where('expires_at', '<', expiresAt - 2 * 3_600_000)
        .execute();
    }
    await this.db
      .insertInto('passkey_challenge')
      .values({ challenge, purpose, binding, account_id: accountId, expires_at: expiresAt })
      .execute();
  }

  /**
   * Takes a challenge away for good if it was issued for `purpose` to `binding` and is still fresh: answers the
   * account it was issued for (null for a sign-in's), or undefined when there was none to take.
   */
  async take(
    challenge: string,
    purpose: Purpose,
    binding: string,
    now: number,
  ): Promise<{ accountId: string | null } | undefined> {
    const row = await this.db
      .deleteFrom('passkey_challenge')
      .where('challenge', '=', challenge)
      .where('purpose', '=', purpose)
      .where('binding', '=', binding)
      .returning(['account_id', 'expires_at'])
      .executeTakeFirst();
    return row && row.expires_at > now ? { accountId: row.account_id } : undefined;
  }
}
