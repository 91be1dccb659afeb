/**
 * The one rule for every change to how an account signs in (OWASP ASVS 5.0 7.5.1): adding or removing a passkey,
 * making new recovery codes, forgetting a trusted device, setting a PIN. The session asking must come from a sign-in
 * made within FRESH_SIGN_IN_MS: a session signed in long ago and kept alive by the page's ping could otherwise add a
 * way in that no longer needs the password (docs/decisions.md, "A fresh sign-in for every factor change"). A refusal
 * changes nothing and is audited with the change that was asked for.
 */
import { ErrorCodes } from '@portal/contract';
import { FRESH_SIGN_IN_MS } from '@portal/contract/security';
import type { Clock } from '../clock.js';
import type { AuditLog, Origin } from '../db/audit-log.js';
import { ApiError } from '../http/api-error.js';
import type { SessionRow } from './session-store.js';

/** The changes the rule guards, as the audit names them. */
export type FactorChange = 'passkey.add' | 'passkey.remove' | 'recovery-codes.create' | 'device.forget' | 'pin.set';

/** The one answer to a change asked from a session whose sign-in is too old: 403 `sign.in.again`. */
export const signInAgain = (): ApiError =>
  new ApiError(403, [{ code: ErrorCodes.signInAgain, messageKey: 'factor.signInAgain' }]);

export class FreshSignIn {
  constructor(
    private readonly audit: Pick<AuditLog, 'record'>,
    private readonly clock: Clock,
  ) {}

  /** Whether the session's sign-in (when it was opened: a ping renews its deadline, never this) is recent enough. */
  isFresh(session: Pick<SessionRow, 'created_at'>): boolean {
    return this.clock() - Number(session.created_at) <= FRESH_SIGN_IN_MS;
  }

  /** Throws `signInAgain()` for a session whose sign-in is too old, having audited the refused change. */
  async require(session: SessionRow, change: FactorChange, origin: Origin): Promise<void> {
    if (this.isFresh(session)) return;
    const detail = { change, reason: 'sign-in not recent', signedInAt: Number(session.created_at) };
    await this.audit.record('factor.change.refused', session.account_id, detail, { origin });
    throw signInAgain();
  }
}
