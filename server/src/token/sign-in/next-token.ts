/**
 * §7's next-token step, the token methods' further request: the following tokencode for the attempt the sign-in
 * opened when it doubted a token (or when the bank's token server challenged for it), from the session it opened for
 * that. The service claims the try and does the equal work; this step finds the attempt and decides.
 */
import { routePath } from '@portal/contract';
import type { SendLoginBody } from '@portal/contract/schemas';
import type { AccountRow, AccountStore } from '../../account/index.js';
import type { CobrandDirectory } from '../../cobrand/index.js';
import type { AuditLog, Origin } from '../../db/audit-log.js';
import { checkedRedirect } from '../../security/redirects.js';
import type { SessionManager } from '../../session/index.js';
import { checkNextCode } from '../token-check.js';
import { askTokenServer, openState, sealState } from '../token-server-step.js';
import type { TokenServers } from '../token-servers.js';
import type { TokenStore } from '../token-store.js';
import {
  type BrowserState,
  cobrandQuery as query,
  type CountedRefusals,
  type FurtherStep,
  homeOf,
  type SignInDecision,
} from '../../signin-kernel/index.js';
import { nextTokenQuery, type TokenStepDeps } from './token-steps.js';

/** §8: the next-token screen's code for an invalid tokencode. */
export const EC_INVALID_TOKEN = '14008';

type Attempt = Awaited<ReturnType<TokenStore['findAttempt']>> & {};
type Session = NonNullable<Awaited<ReturnType<SessionManager['find']>>>;
interface Waiting {
  attempt: Attempt;
  session: Session;
}

export interface NextTokenDeps extends TokenStepDeps {
  accounts: AccountStore;
  tokenServers: TokenServers;
  sessions: SessionManager;
  cobrands: CobrandDirectory;
  audit: AuditLog;
}

export function nextTokenStep(deps: NextTokenDeps): FurtherStep<Waiting> {
  return {
    form: 'next-token',
    continues: 'token',
    waiting: (account, body, browser, now) => waitingFor(deps, account, body, browser, now),
    async answer({ attempt, session }, { account, secret, now, browser }, refusals) {
      const step = { deps, refusals, account, attempt, session, now, origin: browser.origin };
      if (attempt.server_state !== null) return nextAtServer(step, secret);
      if (!(await checkNextCode(deps.tokens, deps.tokenKeys, account.id, attempt.after_step, secret, now))) {
        return askAgain(step);
      }
      return nextTokenPassed(step);
    },
  };
}

/** The attempt this request answers: opened for this account, from this browser's next-token session. */
async function waitingFor(
  deps: NextTokenDeps,
  account: AccountRow,
  body: SendLoginBody,
  browser: BrowserState,
  now: number,
): Promise<Waiting | undefined> {
  const session = await deps.sessions.find(browser.sessionId, ['next_token']);
  if (session?.account_id !== account.id || !body.authn_attempt_id) return undefined;
  const attempt = await deps.tokens.findAttempt(body.authn_attempt_id, account.id, now);
  return attempt && attempt.in_response_to === body.in_response_to ? { attempt, session } : undefined;
}

interface Step extends Waiting {
  deps: NextTokenDeps;
  refusals: CountedRefusals;
  account: AccountRow;
  now: number;
  origin: Origin;
}

/**
 * The next tokencode at the bank's token server, answering its challenge. A further challenge asks again; a refusal
 * ends the server's attempt, so the user signs in again from the start.
 */
async function nextAtServer(step: Step, code: string): Promise<SignInDecision | null> {
  const { deps, account, attempt } = step;
  const { record } = await deps.cobrands.resolve(account.cobrand);
  const server = deps.tokenServers.for(record.tokenServer);
  const state = () => openState(deps.tokenKeys.seal, attempt.server_state!);
  const verdict = server.kind === 'radius' ? await askTokenServer(server.client, account.user_id, code, state()) : null;
  if (verdict?.kind === 'full') return nextTokenPassed(step);
  if (verdict?.kind === 'next_token') {
    await deps.tokens.updateAttempt(attempt.id, { server_state: sealState(deps.tokenKeys.seal, verdict.serverState) });
    return askAgain(step);
  }
  await deps.tokens.deleteAttempt(attempt.id);
  if (await step.refusals.refuseLocking(account, step.now, step.origin)) return null;
  return { location: `${routePath('login-signin-component')}?${query(account.cobrand)}&invalidLogin=true` };
}

/** A wrong next tokencode: counted, and asked again on the same attempt (§8's ec 14008) until the lock. */
async function askAgain({ refusals, account, attempt, session, now, origin }: Step): Promise<SignInDecision | null> {
  if (await refusals.refuseLocking(account, now, origin)) return null;
  return {
    location: `${routePath('next-token-component')}?ec=${EC_INVALID_TOKEN}&${nextTokenQuery(attempt, session.cobrand)}`,
  };
}

async function nextTokenPassed(step: Step): Promise<SignInDecision | null> {
  const { deps, account, attempt, session, now, origin } = step;
  await deps.tokens.deleteAttempt(attempt.id);
  if (!(await step.refusals.passed(account, now))) return null;
  await deps.audit.record('signin.success', account.id, { step: 'next tokencode' }, { origin });
  const { record } = await deps.cobrands.resolve(account.cobrand);
  const home = homeOf(record.cobrand.name);
  return {
    location: checkedRedirect(attempt.referral_path, record.allowedOrigins, deps.publicOrigin, home),
    open: {
      accountId: account.id,
      kind: 'full' as const,
      cobrand: record.cobrand.name,
      locale: session.locale,
      sso: session.sso === 1,
    },
  };
}
