/** Who may keep recovery codes under a cobrand's policy (the catalogue's `recoveryCodes`, docs/decisions.md). */
import type { AccountRow } from '../account/index.js';
import type { CobrandRecord } from '../cobrand/index.js';

/**
 * Token users of the portal's own tokens where the cobrand offers codes: a code stands in for the tokencode beside the
 * PIN, which the portal checks itself. A password user has no second step to stand in for, the bank's token server
 * checks PIN and tokencode together, and a cobrand whose users sign in at the bank's identity provider keeps that way in.
 */
export function recoveryCodesServe(
  account: Pick<AccountRow, 'login_type'>,
  record: CobrandRecord,
  tokenServer: 'builtin' | 'radius',
): boolean {
  if ((record.cobrand.recoveryCodes ?? 'off') === 'off' || record.identityProvider) return false;
  return account.login_type === 'token' && tokenServer === 'builtin';
}
