/**
 * §7's next-token step: the following tokencode for the attempt the service opened when it doubted a token (or when
 * the bank's token server challenged for it), from the session it opened for that.
 */
import { routePath } from '@portal/contract';
import type { SendLoginBody } from '@portal/contract/schemas';
import { type AccountRow, type AccountStore, userIdKey } from '../account/index.js';
import type { Clock } from '../clock.js';
import type { CobrandDirectory } from '../cobrand/index.js';
import type { AuditLog, Origin } from '../db/audit-log.js';
import { checkedRedirect } from '../security/redirects.js';
import type { SessionManager } from '../session/index.js';
import {
  askTokenServer,
  checkNextCode,
  openState,
  sealState,
  type TokenKeys,
  type TokenServers,
  type TokenStore,
} from '../token/index.js';
import type { BrowserState, SignInDecision } from './decision.js';
import type { EqualWork } from './equal-work.js';
import { cobrandQuery as query, homeOf } from './locations.js';
import { nextTokenQuery } from './methods/token-steps.js';
import type { Refusals } from './refusals.js';

export interface NextTokenDeps {
  accounts: AccountStore;
  tokens: TokenStore;
  tokenKeys: TokenKeys;
  tokenServers: TokenServers;
  sessions: SessionManager;
  cobrands: CobrandDirectory;
  audit: AuditLog;
  clock: Clock;
  publicOrigin: string;
}

/** §8: the next-token screen's code for an invalid tokencode. */
export const EC_INVALID_TOKEN = '14008';

type Attempt = Awaited<ReturnType<TokenStore['findAttempt']>> & {};
type Session = NonNullable<Awaited<ReturnType<SessionManager['find']>>>;

export class NextTokenStep {
  constructor(
    private readonly deps: NextTokenDeps,
    private readonly refusals: Refusals,
    private readonly work: EqualWork,
  ) {}

  /** §7 next token: the following code, for the attempt the service opened, from the session it opened it for. */
  async answer(body: SendLoginBody, browser: BrowserState): Promise<SignInDecision | null> {
    const { accounts, tokens, clock } = this.deps;
    const now = clock();
    const session = await this.deps.sessions.find(browser.sessionId, ['next_token']);
    const account = await accounts.claimAttempt({ kind: 'userIdKey', value: userIdKey(body.username) }, now);
    const attempt =
      account && session?.account_id === account.id && body.authn_attempt_id
        ? await tokens.findAttempt(body.authn_attempt_id, account.id, now)
        : undefined;
    if (!account || !attempt || attempt.in_response_to !== body.in_response_to) {
      await this.work.onNobody('token', body.password, now);
      return account ? this.refusals.refuse(account, now, browser.origin) : null;
    }
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    await this.refusals.unlessUnavailable(account, now, browser.origin, () =>
      this.work.onAccount(account, record, body.password, now),
    );
    if (attempt.server_state !== null) {
      return this.refusals.unlessUnavailable(account, now, browser.origin, () =>
        this.nextAtServer(account, attempt, session!, body.password, now, browser.origin),
      );
    }
    if (!(await checkNextCode(tokens, this.deps.tokenKeys, account.id, attempt.after_step, body.password, now))) {
      return this.askAgain(account, attempt, session!, now, browser.origin);
    }
    return this.nextTokenPassed(account, attempt, session!, now, browser.origin);
  }

  /**
   * The next tokencode at the bank's token server, answering its challenge. A further challenge asks again; a refusal
   * ends the server's attempt, so the user signs in again from the start.
   */
  private async nextAtServer(
    account: AccountRow,
    attempt: Attempt,
    session: Session,
    code: string,
    now: number,
    origin: Origin,
  ): Promise<SignInDecision | null> {
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    const server = this.deps.tokenServers.for(record.tokenServer);
    const verdict =
      server.kind === 'radius'
        ? await askTokenServer(
            server.client,
            account.user_id,
            code,
            openState(this.deps.tokenKeys.seal, attempt.server_state!),
          )
        : null;
    if (verdict?.kind === 'full') return this.nextTokenPassed(account, attempt, session, now, origin);
    if (verdict?.kind === 'next_token') {
      await this.deps.tokens.updateAttempt(attempt.id, {
        server_state: sealState(this.deps.tokenKeys.seal, verdict.serverState),
      });
      return this.askAgain(account, attempt, session, now, origin);
    }
    await this.deps.tokens.deleteAttempt(attempt.id);
    if (await this.refusals.refuseLocking(account, now, origin)) return null;
    return { location: `${routePath('login-signin-component')}?${query(account.cobrand)}&invalidLogin=true` };
  }

  /** A wrong next tokencode: counted, and asked again on the same attempt (§8's ec 14008) until the lock. */
  private async askAgain(
    account: AccountRow,
    attempt: Attempt,
    session: Session,
    now: number,
    origin: Origin,
  ): Promise<SignInDecision | null> {
    if (await this.refusals.refuseLocking(account, now, origin)) return null;
    return {
      location: `${routePath('next-token-component')}?ec=${EC_INVALID_TOKEN}&${nextTokenQuery(attempt, session.cobrand)}`,
    };
  }

  private async nextTokenPassed(
    account: AccountRow,
    attempt: Attempt,
    session: Session,
    now: number,
    origin: Origin,
  ): Promise<SignInDecision | null> {
    const { accounts, tokens } = this.deps;
    await tokens.deleteAttempt(attempt.id);
    if (!(await accounts.clearFailures(account.id, now, { signedIn: true }))) return null;
    await this.deps.audit.record('signin.success', account.id, { step: 'next tokencode' }, { origin });
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    const home = homeOf(record.cobrand.name);
    return {
      location: checkedRedirect(attempt.referral_path, record.allowedOrigins, this.deps.publicOrigin, home),
      open: {
        ...{ accountId: account.id, kind: 'full' as const, cobrand: record.cobrand.name },
        ...{ locale: session.locale, sso: session.sso === 1 },
      },
    };
  }
}
