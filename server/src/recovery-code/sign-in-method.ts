/**
 * The recovery-code method (docs/decisions.md, "Recovery codes"): a token user who has lost the token gives the user
 * ID, the PIN, and one of their single-use codes in place of the tokencode, on a route of its own. Its try is claimed,
 * counted (a wrong one as a wrong tokencode, on the same counts), audited and decided by the sign-in service as any
 * other; a right one is spent once, audited and mailed by the recovery-code capability.
 */
import type { AccountStore } from '../account/index.js';
import type { RecoveryCodeService } from './recovery-code-service.js';
import { verifyDummy } from '../security/passwords.js';
import type { pinMatches, TokenKeys, TokenStore } from '../token/index.js';
import type { Answer, MethodTry, SignInMethod } from '../signin-kernel/index.js';

/** The route a recovery code's try comes by (`OwnRoute.name`). */
export const RECOVERY_CODE_ROUTE = 'recovery-code';

export interface RecoveryCodeMethodDeps {
  accounts: AccountStore;
  recoveryCodes: RecoveryCodeService;
  tokens: TokenStore;
  tokenKeys: TokenKeys;
  /** The token capability's PIN check: a recovery code stands in for the tokencode, the PIN is still the token's. */
  pinMatches: typeof pinMatches;
}

/** What the route hands the service: the user ID as typed, the PIN, the code. */
export interface RecoveryCodeSecret {
  userId: string;
  pin: string;
  code: string;
}

interface RecoveryCodeWork {
  pinRight: boolean;
  /** The account's unused code that was given; none when it is no such code. */
  codeId: string | undefined;
}

/** An account ID no row has (IDs are UUIDs). */
const NO_ACCOUNT = 'none';

export function recoveryCodeMethod(deps: RecoveryCodeMethodDeps): SignInMethod<RecoveryCodeWork> {
  return {
    name: 'recovery code',
    form: null,
    serves: (account, record) => deps.recoveryCodes.serves(account, record),
    route: {
      name: RECOVERY_CODE_ROUTE,
      owner: async (secret) => (await deps.accounts.findByUserId(readSecret(secret).userId))?.id,
    },
    // The argon2 verify every sign-in try makes, then the same lookups on nobody as on the account.
    async equalWork(secret, on) {
      const { pin, code } = readSecret(secret);
      await verifyDummy(code);
      const accountId = on?.account.id ?? NO_ACCOUNT;
      const token = await deps.tokens.find(accountId);
      const pinRight = deps.pinMatches(deps.tokenKeys.pin, accountId, pin, token?.pin_hmac ?? '');
      const codeId = await deps.recoveryCodes.find(accountId, code);
      return { pinRight: on !== null && pinRight, codeId: on ? codeId : undefined };
    },
    verify: (attempt, work) => verifyRecoveryCode(deps, attempt, work),
  };
}

async function verifyRecoveryCode(deps: RecoveryCodeMethodDeps, attempt: MethodTry, work: RecoveryCodeWork) {
  const { account, browser, now } = attempt;
  if (!work.pinRight || !work.codeId) return null;
  if (!(await deps.recoveryCodes.spend(account, work.codeId, browser.locale, browser.origin, now))) return null;
  return { kind: 'passed', step: 'recovery_code', complete: true, account } satisfies Answer;
}

/** The route has checked the secret's shape (contract's schema). */
const readSecret = (secret: string): RecoveryCodeSecret => JSON.parse(secret) as RecoveryCodeSecret;
