import { Type } from 'typebox';
import { DeviceSchema } from './security.js';

/** A browser the signed-in account has signed in from (its device cookie), as the security page lists it. */
export const TrustedDeviceSchema = Type.Object({
  id: Type.String(),
  /** The browser and system its user agent named at its first sign-in, in bowser's names (`deviceName` words them). */
  device: DeviceSchema,
  /** The address it first signed in from, its last part left out; null when not known. */
  address: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Number(),
  lastUsedAt: Type.Number(),
  /** The browser asking. */
  current: Type.Boolean(),
  /** Six wrong tries from it: it signs in again once an administrator unlocks the account. */
  locked: Type.Boolean(),
});

export const TrustedDeviceListSchema = Type.Object({ devices: Type.Array(TrustedDeviceSchema) });
export const TrustedDeviceParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export const ForgottenDevicesSchema = Type.Object({ forgotten: Type.Integer({ minimum: 0 }) });
