import { Type } from 'typebox';

/** A browser the signed-in account has signed in from (its device cookie), as the security page lists it. */
export const TrustedDeviceSchema = Type.Object({
  id: Type.String(),
  /** The browser and system its user agent named at its first sign-in ("Firefox on Linux"). */
  browser: Type.String(),
  /** The address it first signed in from, its last part left out. */
  address: Type.String(),
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
