/**
 * A user's trusted devices for the operator (the admin API): listed as the user's security page lists them, and
 * forgotten one at a time (a lost or shared computer), audited as the user's own forgetting is.
 */
import type { AccountRow } from './account/index.js';
import type { DeviceOperations } from './admin/index.js';
import type { AuditLog } from './db/audit-log.js';
import { addressOfStored, deviceOfStored, type DeviceStore } from './device/index.js';
import { type OperatorScope, Refusal } from './refusal.js';

export interface OperatorDeviceParts {
  devices: DeviceStore;
  audit: AuditLog;
  find: (scope: OperatorScope, userId: string) => Promise<AccountRow>;
}

const iso = (at: number) => new Date(Number(at)).toISOString();

export function deviceOperations({ devices, audit, find }: OperatorDeviceParts): DeviceOperations {
  return {
    list: async (scope, userId) =>
      (await devices.list((await find(scope, userId)).id)).map((row) => ({
        id: row.id,
        ...deviceOfStored(row.browser),
        address: addressOfStored(row.address),
        createdAt: iso(row.created_at),
        lastUsedAt: iso(row.last_used_at),
        locked: row.locked_at !== null,
      })),
    forget: async (scope, userId, deviceId, origin) => {
      const { id: accountId } = await find(scope, userId);
      const forgotten = await audit.recordWith({ kind: 'device.forgotten', accountId }, origin, (trx) =>
        devices.forget(deviceId, accountId, trx),
      );
      if (!forgotten) throw new Refusal('not-found', `no trusted device "${deviceId}"`);
    },
  };
}
