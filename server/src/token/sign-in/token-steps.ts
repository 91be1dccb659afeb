/**
 * What the two token methods (the portal's tokens, the bank's token server) share: a passed token check as the
 * service records it, and the screens a token sign-in goes on to (§7's new PIN and next token), with the attempt
 * each of them keeps for the following request.
 */
import { randomBytes } from 'node:crypto';
import { routePath } from '@portal/contract';
import type { AccountRow } from '../../account/index.js';
import type { CobrandRecord } from '../../cobrand/index.js';
import { newId } from '../../security/ids.js';
import { checkedRedirect } from '../../security/redirects.js';
import type { TokenKeys, TokenVerdict } from '../token-check.js';
import { sealState } from '../token-server-step.js';
import type { TokenStore } from '../token-store.js';
import { cobrandQuery, homeOf, type MethodTry, type NextScreen, type Passed } from '../../signin-kernel/index.js';

const NEXT_TOKEN_MS = 180_000;

type Attempt = Awaited<ReturnType<TokenStore['findAttempt']>> & {};

export interface TokenStepDeps {
  tokens: TokenStore;
  tokenKeys: TokenKeys;
  publicOrigin: string;
}

/** A right token answer: signed in, or on to the new-PIN or next-token screen (the latter not yet a sign-in). */
export function passedToken(deps: TokenStepDeps, attempt: MethodTry, verdict: TokenVerdict): Passed {
  const { account, record, now } = attempt;
  const passed: Passed = { kind: 'passed', step: verdict.kind, complete: verdict.kind !== 'next_token', account };
  if (verdict.kind === 'new_pin') return { ...passed, next: () => newPinScreen(deps, attempt, verdict.serverState) };
  if (verdict.kind === 'next_token')
    return { ...passed, next: () => nextTokenScreen(deps, account, record, verdict, now) };
  return passed;
}

/** The bank's token server's new-PIN challenge, kept for the screen's Save (the PIN, then the held tokencode). */
async function newPinScreen(deps: TokenStepDeps, attempt: MethodTry, serverState?: Buffer): Promise<NextScreen> {
  const { account, record, now } = attempt;
  if (serverState) await deps.tokens.createAttempt(attemptFor(deps, account, now, 'new_pin', serverState, '', 0));
  return { location: newPinLocation(record.cobrand.name), kind: 'new_pin' };
}

/** A doubted token (or the server's challenge for the next code): the next-token screen, for this attempt only. */
async function nextTokenScreen(
  deps: TokenStepDeps,
  account: AccountRow,
  record: CobrandRecord,
  verdict: TokenVerdict & { kind: 'next_token' },
  now: number,
): Promise<NextScreen> {
  const cobrand = record.cobrand.name;
  const home = homeOf(cobrand);
  const referral = checkedRedirect(record.platformHomeUrl, record.allowedOrigins, deps.publicOrigin, home);
  const attempt = {
    ...attemptFor(deps, account, now, 'next_token', verdict.serverState, referral, verdict.step),
    in_response_to: randomBytes(12).toString('base64url'),
  };
  await deps.tokens.createAttempt(attempt);
  return { location: `${routePath('next-token-component')}?${nextTokenQuery(attempt, cobrand)}`, kind: 'next_token' };
}

function attemptFor(
  deps: TokenStepDeps,
  account: AccountRow,
  now: number,
  purpose: Attempt['purpose'],
  serverState: Buffer | undefined,
  referralPath: string,
  afterStep: number,
): Attempt {
  return {
    id: newId(),
    account_id: account.id,
    purpose,
    server_state: serverState ? sealState(deps.tokenKeys.seal, serverState) : null,
    held_passcode: null,
    in_response_to: '',
    referral_path: referralPath,
    after_step: afterStep,
    expires_at: now + NEXT_TOKEN_MS,
    created_at: now,
  };
}

export const newPinLocation = (cobrand: string) => `${routePath('new-rsa-pin-component')}?${cobrandQuery(cobrand)}`;

export function nextTokenQuery(
  attempt: { id: string; in_response_to: string; referral_path: string },
  cobrand: string,
): string {
  return new URLSearchParams({
    authn_attempt_id: attempt.id,
    in_response_to: attempt.in_response_to,
    referral_path: attempt.referral_path,
    cobrandHost: cobrand,
  }).toString();
}
