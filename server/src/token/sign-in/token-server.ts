/**
 * The bank's token server (RADIUS, §7 with TOKEN_BACKEND=radius or a cobrand's own): the passcode goes to the
 * server, whose answer is the verdict. The portal makes the dummy verify a password sign-in would, so token users
 * cannot be told apart by time.
 */
import { verifyDummy } from '../../security/passwords.js';
import { seal } from '../../security/sealed-box.js';
import { askTokenServer } from '../token-server-step.js';
import type { TokenServer } from '../token-servers.js';
import type { Answer, MethodTry, SignInMethod, SignInModule } from '../../signin-kernel/index.js';
import { nextTokenStep, type NextTokenDeps } from './next-token.js';
import { newPinLocation, passedToken } from './token-steps.js';

export type TokenServerDeps = NextTokenDeps;

export function tokenServerMethod(deps: TokenServerDeps): SignInMethod<void> {
  const serverOf = (attempt: MethodTry) => deps.tokenServers.for(attempt.record.tokenServer);
  return {
    name: 'token server',
    form: 'token',
    serves: (account, record) =>
      account.login_type === 'token' && deps.tokenServers.for(record.tokenServer).kind === 'radius',
    equalWork: async (secret) => void (await verifyDummy(secret)),
    further: nextTokenStep(deps),
    async verify(attempt) {
      const server = serverOf(attempt) as TokenServer & { kind: 'radius' };
      const held = await holdForPin(deps, attempt);
      if (held) return held;
      const verdict = await askTokenServer(server.client, attempt.account.user_id, attempt.secret);
      return verdict ? passedToken(deps, attempt, verdict) : null;
    },
  };
}

/**
 * The new-PIN screen signs in with the next tokencode before it sends the PIN (§4), while the bank's token server
 * asks for the PIN first: the code is held, sealed, for the server's challenge after the PIN, and the session stays.
 * Not a try of its own: the PIN's Save decides.
 */
async function holdForPin(deps: TokenServerDeps, attempt: MethodTry): Promise<Answer | undefined> {
  const { account, browser, now } = attempt;
  const session = await deps.sessions.find(browser.sessionId, ['new_pin']);
  const challenge =
    session?.account_id === account.id ? await deps.tokens.findPinChallenge(account.id, now) : undefined;
  if (!challenge) return undefined;
  await deps.tokens.updateAttempt(challenge.id, { held_passcode: seal(deps.tokenKeys.seal, attempt.secret) });
  return { kind: 'aside', location: newPinLocation(account.cobrand) };
}

/** The bank's token server as a sign-in module. */
export const tokenServerSignIn: SignInModule<TokenServerDeps> = { method: tokenServerMethod };
