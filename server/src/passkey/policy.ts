/** Who may sign in with a passkey under a cobrand's policy (the catalogue's `passkeys`, docs/decisions.md). */
import type { AccountRow } from '../account/index.js';
import type { CobrandRecord } from '../cobrand/index.js';

/**
 * Password users where the cobrand offers passkeys; token users only where it accepts one as the second factor. A
 * cobrand whose users sign in at the bank's identity provider is `off` unless its catalogue entry names a policy: the
 * bank then lets a passkey stand beside its provider (docs/decisions.md).
 */
export function passkeyServes(account: Pick<AccountRow, 'login_type'>, record: CobrandRecord): boolean {
  const policy = record.cobrand.passkeys ?? 'off';
  if (policy === 'off') return false;
  return account.login_type === 'password' || policy === 'second-factor';
}
