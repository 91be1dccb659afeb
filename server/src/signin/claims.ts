/**
 * Whose count a sign-in try is claimed on (docs/decisions.md, "Device trust"): a browser whose device cookie belongs
 * to the account claims on that device's own six tries; any other browser on the account's count for unknown devices,
 * as before. Both claims are one atomic statement each, so instances sharing the database keep the counts exact.
 */
import type { AccountKey, AccountRow, AccountStore } from '../account/index.js';
import type { DeviceStore } from '../device/index.js';

export interface Claim {
  account: AccountRow;
  /** The browser's trusted device for this account; none: an unknown device. */
  device?: string;
  /** The try's number on its count (the account's, or the device's). */
  attempt: number;
}

/** A claimed try, a trusted device that has used its six tries (refused outright), or nothing claimed. */
export type Claimed = Claim | { locked: Claim } | undefined;

export interface ClaimDeps {
  accounts: AccountStore;
  devices: DeviceStore;
}

export async function claimTry(deps: ClaimDeps, by: AccountKey, deviceId: string | undefined, now: number) {
  const trusted = deviceId ? await trustedAccount(deps, by, deviceId) : undefined;
  if (trusted) {
    const attempt = await deps.devices.claim(deviceId!, trusted.id, now);
    const claim = { account: trusted, device: deviceId!, attempt: attempt ?? 0 };
    return (attempt === undefined ? { locked: claim } : claim) satisfies Claimed;
  }
  const account = await deps.accounts.claimAttempt(by, now);
  return (account ? { account, attempt: account.failed_attempts } : undefined) satisfies Claimed;
}

/** The account `by` names, when the browser's device cookie names one of its trusted devices and it may use it. */
async function trustedAccount(deps: ClaimDeps, by: AccountKey, deviceId: string): Promise<AccountRow | undefined> {
  const device = await deps.devices.find(deviceId);
  return device ? deps.accounts.findTrustable(by, device.account_id) : undefined;
}

export const isLocked = (claimed: Claimed): claimed is { locked: Claim } =>
  claimed !== undefined && 'locked' in claimed;

/**
 * Another check of the account's password (change password): its try claimed as a sign-in's; none when this browser
 * may not try (the account locked for it, or its trusted device's six tries used).
 */
export const claimByAccountId =
  (deps: ClaimDeps) =>
  async (accountId: string, deviceId: string | undefined, now: number): Promise<Claim | undefined> => {
    const claimed = await claimTry(deps, { kind: 'id', value: accountId }, deviceId, now);
    return isLocked(claimed) ? undefined : claimed;
  };
