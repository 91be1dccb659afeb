/**
 * The held sign-in a browser is at: its session restricted to the code's screen, the account, and the attempt the
 * address names. What the calls, the form without the script and the screen's page read of it.
 */
import { routePath } from '@portal/contract';
import { DEVICE_CODE_SCREEN, type DeviceCodeStatus, type DeviceCodeView } from '@portal/contract/device-code';
import type { FastifyRequest } from 'fastify';
import type { AccountRow, AccountStore } from '../account/index.js';
import type { Clock } from '../clock.js';
import type { ScreenData } from '../http/form-post.js';
import { originOf } from '../http/origin.js';
import type { SessionCookies } from '../http/session-cookies.js';
import type { SessionManager } from '../session/index.js';
import { cobrandQuery } from '../signin-kernel/index.js';
import type { DeviceCodes } from './device-codes.js';

export interface HeldDeps {
  deviceCodes: DeviceCodes;
  accounts: AccountStore;
  sessions: SessionManager;
  cookies: SessionCookies;
  clock: Clock;
}

export interface Held {
  account: AccountRow;
  locale: string;
  sessionHash: string;
  view: DeviceCodeView;
}

/** The attempt `attempt` of this browser's held sign-in, while it may still pass; undefined otherwise. */
export async function heldFor(deps: HeldDeps, request: FastifyRequest, attempt: string): Promise<Held | undefined> {
  const session = await deps.sessions.find(deps.cookies.sessionId(request), ['device_code']);
  const account = session && (await deps.accounts.findById(session.account_id));
  if (!session || !account) return undefined;
  const view = await deps.deviceCodes.view(attempt, account, session.id_hash, deps.clock());
  return view && { account, locale: session.locale, sessionHash: session.id_hash, view };
}

/** A new code for this browser's held sign-in: how its mail went, or undefined when it may have none. */
export async function resendFor(
  deps: HeldDeps,
  request: FastifyRequest,
  attempt: string,
): Promise<DeviceCodeStatus | undefined> {
  const held = await heldFor(deps, request, attempt);
  if (!held) return undefined;
  const asker = { account: held.account, locale: held.locale, origin: originOf(request), now: deps.clock() };
  return deps.deviceCodes.resend(asker, held.sessionHash, attempt);
}

const attemptOf = (request: FastifyRequest) => {
  const attempt = (request.query as Record<string, unknown> | undefined)?.attempt;
  return typeof attempt === 'string' ? attempt : '';
};

/** The code screen's page carries its attempt; a browser with none held goes back to sign in. */
export function deviceCodeScreenData(deps: HeldDeps): ScreenData {
  return async (request, page) => {
    if (page !== DEVICE_CODE_SCREEN) return undefined;
    const held = await heldFor(deps, request, attemptOf(request));
    if (held) return { deviceCode: held.view };
    const cobrand = (request.query as Record<string, unknown> | undefined)?.cobrandHost;
    const query = typeof cobrand === 'string' ? `?${cobrandQuery(cobrand)}` : '';
    return { location: `${routePath('login-signin-component')}${query}` };
  };
}
