/**
 * Kysely access to trusted devices. Every count changes in one atomic statement, so instances sharing the database
 * never let a device check more than six wrong tries in a row (as the account's own count: account-store.ts).
 */
import { MAX_FAILED_LOGINS } from '@portal/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { randomBytes } from 'node:crypto';
import { oneTryBack } from '../db/failed-tries.js';
import type { Database } from '../db/tables.js';
import type { TrustedDeviceTable } from './device.table.js';

export type DeviceRow = Selectable<TrustedDeviceTable>;
type Trx = Transaction<Database> | undefined;

/** What a new trusted device is known by. */
export interface NewDevice {
  accountId: string;
  browser: string;
  address: string;
  locale: string | null;
}

export class DeviceStore {
  constructor(private readonly db: Kysely<Database>) {}

  find(id: string): Promise<DeviceRow | undefined> {
    return this.db.selectFrom('trusted_device').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Reserves one of the device's six tries before the secret is checked: its number, or none when none is left. */
  async claim(id: string, accountId: string, now: number): Promise<number | undefined> {
    const row = await this.db
      .updateTable('trusted_device')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1), last_used_at: now }))
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('locked_at', 'is', null)
      .where('failed_attempts', '<', MAX_FAILED_LOGINS)
      .returning('failed_attempts')
      .executeTakeFirst();
    return row ? Number(row.failed_attempts) : undefined;
  }

  /** Gives back a claimed try that was not one (the token server away, say): never below nought. */
  async release(id: string): Promise<void> {
    await this.db.updateTable('trusted_device').set({ failed_attempts: oneTryBack() }).where('id', '=', id).execute();
  }

  /** Locks the device once its sixth claimed try has failed. */
  async lockIfExhausted(id: string, now: number, trx?: Trx): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('trusted_device')
      .set({ locked_at: now })
      .where('id', '=', id)
      .where('locked_at', 'is', null)
      .where('failed_attempts', '>=', MAX_FAILED_LOGINS)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Clears the device's count after a right secret, unless a raced wrong try locked it meanwhile. */
  async clear(id: string, now: number, locale: string | null, trx?: Trx): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('trusted_device')
      .set((eb) => ({
        failed_attempts: 0,
        last_used_at: now,
        locale: eb.fn.coalesce(eb.val(locale), eb.ref('locale')),
      }))
      .where('id', '=', id)
      .where('locked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async add(device: NewDevice, now: number, trx?: Trx): Promise<string> {
    const id = randomBytes(16).toString('base64url');
    await (trx ?? this.db)
      .insertInto('trusted_device')
      .values({
        id,
        account_id: device.accountId,
        failed_attempts: 0,
        locked_at: null,
        browser: device.browser,
        address: device.address,
        locale: device.locale,
        created_at: now,
        last_used_at: now,
      })
      .execute();
    return id;
  }

  /** The account's devices, the last used first. */
  list(accountId: string): Promise<DeviceRow[]> {
    return this.db
      .selectFrom('trusted_device')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('last_used_at', 'desc')
      .orderBy('id')
      .execute();
  }

  /** The language the account last signed in in, from any of its devices. */
  async lastLocale(accountId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('trusted_device')
      .select('locale')
      .where('account_id', '=', accountId)
      .where('locale', 'is not', null)
      .orderBy('last_used_at', 'desc')
      .executeTakeFirst();
    return row?.locale ?? null;
  }

  async forget(id: string, accountId: string, trx?: Trx): Promise<boolean> {
    const result = await (trx ?? this.db)
      .deleteFrom('trusted_device')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Forgets every device of the account but `keep` (the browser asking): how many went. */
  async forgetAllFor(accountId: string, keep: string | undefined, trx?: Trx): Promise<number> {
    let query = (trx ?? this.db).deleteFrom('trusted_device').where('account_id', '=', accountId);
    if (keep) query = query.where('id', '!=', keep);
    return Number((await query.executeTakeFirst()).numDeletedRows);
  }

  /** The administrator's unlock: every device of the account counts from nought again, and none is locked. */
  async clearAllFor(accountId: string, trx?: Trx): Promise<number> {
    const result = await (trx ?? this.db)
      .updateTable('trusted_device')
      .set({ failed_attempts: 0, locked_at: null })
      .where('account_id', '=', accountId)
      .where((eb) => eb.or([eb('failed_attempts', '>', 0), eb('locked_at', 'is not', null)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
