/**
 * The portal's own tokens (§7, TOKEN_BACKEND=builtin): PIN + tokencode, or the tokencode alone in new-PIN mode,
 * checked against the token's sealed seed. The check costs no argon2 of its own, so its equal work is the dummy
 * verify a password sign-in would make.
 */
import { verifyDummy } from '../../security/passwords.js';
import { checkToken } from '../token-check.js';
import type { SignInMethod, SignInModule } from '../../signin-kernel/index.js';
import { nextTokenStep, type NextTokenDeps } from './next-token.js';
import { passedToken } from './token-steps.js';

/** An account ID no row has (IDs are UUIDs). */
const NO_ACCOUNT = 'none';

export type BuiltinTokenDeps = NextTokenDeps;

export function builtinTokenMethod(deps: BuiltinTokenDeps): SignInMethod<void> {
  return {
    name: 'builtin token',
    form: 'token',
    serves: (account, record) =>
      account.login_type === 'token' && deps.tokenServers.for(record.tokenServer).kind === 'builtin',
    async equalWork(secret, on) {
      await verifyDummy(secret);
      // A try on nobody's token looks for one as a real check does (the check looks for the account's own).
      if (!on) await deps.tokens.find(NO_ACCOUNT);
    },
    further: nextTokenStep(deps),
    async verify(attempt) {
      const verdict = await checkToken(deps.tokens, deps.tokenKeys, attempt.account, attempt.secret, attempt.now);
      return verdict ? passedToken(deps, attempt, verdict) : null;
    },
  };
}

/** The portal's tokens as a sign-in module. */
export const builtinTokenSignIn: SignInModule<BuiltinTokenDeps> = { method: builtinTokenMethod };
