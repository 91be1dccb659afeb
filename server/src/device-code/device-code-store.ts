/**
 * Kysely access to the held sign-ins. A code is taken in one atomic statement (the row deleted where its HMAC, tries
 * and validity still match), so a code passes once, on one instance or two; a wrong one takes a try the same way.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/tables.js';
import type { DeviceCodeTable } from './device-code.table.js';

export type DeviceCodeRow = Selectable<DeviceCodeTable>;

export class DeviceCodeStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new held sign-in; the account's from before `forgetBefore` go with it. */
  async create(row: DeviceCodeRow, forgetBefore: number): Promise<void> {
    await this.db
      .deleteFrom('device_code')
      .where('account_id', '=', row.account_id)
      .where('created_at', '<', forgetBefore)
      .execute();
    await this.db.insertInto('device_code').values(row).execute();
  }

  /** The held sign-in of this ID, for this account. */
  find(id: string, accountId: string): Promise<DeviceCodeRow | undefined> {
    return this.db
      .selectFrom('device_code')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  /** The account whose sign-in this is, by the attempt's ID alone (the code's route names no user). */
  async ownerOf(id: string): Promise<string | undefined> {
    return (await this.db.selectFrom('device_code').select('account_id').where('id', '=', id).executeTakeFirst())
      ?.account_id;
  }

  /** Takes the code if it is this one, still valid, with tries left: true once, for one caller. */
  async take(id: string, hmac: string, now: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('device_code')
      .where('id', '=', id)
      .where('code_hmac', '=', hmac)
      .where('expires_at', '>', now)
      .where('tries_left', '>', 0)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** A wrong code takes a try; the attempt ends with its last (kept, ended, for the hour's count). True while it has tries. */
  async wrong(id: string): Promise<boolean> {
    await this.db
      .updateTable('device_code')
      .set((eb) => ({ tries_left: eb('tries_left', '-', 1) }))
      .where('id', '=', id)
      .where('tries_left', '>', 0)
      .execute();
    const row = await this.db.selectFrom('device_code').select('tries_left').where('id', '=', id).executeTakeFirst();
    return (row?.tries_left ?? 0) > 0;
  }

  /** A new code in place of the last, while the attempt may mail one more: false when it may not. */
  async renew(id: string, hmac: string, expiresAt: number, maxSends: number): Promise<boolean> {
    const result = await this.db
      .updateTable('device_code')
      .set((eb) => ({ code_hmac: hmac, expires_at: expiresAt, sends: eb('sends', '+', 1), sent: 0 }))
      .where('id', '=', id)
      .where('sends', '<', maxSends)
      .where('tries_left', '>', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Whether the last code reached the relay. */
  async markSent(id: string, sent: boolean): Promise<void> {
    await this.db
      .updateTable('device_code')
      .set({ sent: sent ? 1 : 0 })
      .where('id', '=', id)
      .execute();
  }

  /** The codes mailed for the account's sign-ins held since `since` (a cap on the mail an attacker can cause). */
  async sendsSince(accountId: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('device_code')
      .select((eb) => eb.fn.sum<number | string | bigint | null>('sends').as('sends'))
      .where('account_id', '=', accountId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.sends ?? 0);
  }

  /** Ends the attempt: no code of it passes any more (kept for the hour's count). */
  async end(id: string): Promise<void> {
    await this.db.updateTable('device_code').set({ tries_left: 0 }).where('id', '=', id).execute();
  }
}
