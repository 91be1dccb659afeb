/**
 * Single sign-on's token step (§7 with an identity provider): the bank's provider is the only way in for its users.
 * The sign-in form serves one thing for them, the token step of a token user the provider has just signed in (a
 * session of kind `sso_token`), which the registered token method of their cobrand checks. Anything else sent here is
 * not even a try, so it cannot lock them. The provider's own answer is checked in sso/.
 */
import { signsInAtProvider } from '../cobrand/index.js';
import type { SessionManager } from '../session/index.js';
import type { SignInMethod, WorkSubject, SignInModule } from '../signin-kernel/index.js';

export interface SingleSignOnDeps {
  sessions: SessionManager;
}

export function singleSignOnMethod(
  deps: SingleSignOnDeps,
  registered: () => readonly SignInMethod[],
): SignInMethod<unknown> {
  const self: SignInMethod<unknown> = {
    name: 'single sign-on',
    form: null,
    serves: (_account, record) => signsInAtProvider(record),
    // Whatever the browser sends, the try costs what a token try costs: a token user's own, or one on nobody's token.
    equalWork(secret, on, now, page) {
      const own = on ? ownTokenStep(on) : undefined;
      return own ? own.equalWork(secret, on, now, page) : tokenStep().equalWork(secret, null, now, page);
    },
    async verify(attempt, work) {
      const { account, record } = attempt;
      const session = await deps.sessions.find(attempt.browser.sessionId, ['sso_token']);
      if (session?.account_id !== account.id || account.login_type !== 'token') {
        return { kind: 'aside', reason: 'signs in at the identity provider' };
      }
      const method = tokenStep(account, record);
      if (attempt.form !== method.form) return null;
      const answer = await method.verify(attempt, work);
      return answer?.kind === 'passed' ? { ...answer, federated: true } : answer;
    },
  };
  /** The token method that checks this account's token step (or, for nobody, the first registered). */
  const tokenStep = (...of: [] | Parameters<SignInMethod['serves']>): SignInMethod => {
    const method = registered().find(
      (candidate) => candidate !== self && candidate.form === 'token' && (of.length === 0 || candidate.serves(...of)),
    );
    if (!method) throw new Error('single sign-on needs a registered token method for its token step');
    return method;
  };
  /**
   * A token user's token method, for its work; none for a password user, or when the cobrand's token server cannot
   * be named (`verify` then refuses the try as not one, or answers the system error, as it would without the work).
   */
  const ownTokenStep = ({ account, record }: WorkSubject): SignInMethod | undefined => {
    if (account.login_type !== 'token') return undefined;
    try {
      return tokenStep(account, record);
    } catch {
      return undefined;
    }
  };
  return self;
}

/** Single sign-on's sign-in module: the token step after the provider (its routes are the capability's own). */
export const singleSignOnSignIn: SignInModule<SingleSignOnDeps> = { method: singleSignOnMethod };
