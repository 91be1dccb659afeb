/**
 * The one way a sign-in meets the browser, for every route a try comes by (send-login, the forms without the script,
 * a method's own route): what the browser is read as, and how the decision is applied to the answer (the session it
 * opens, the trusted device's cookie).
 */
import { LOCALE_COOKIE } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DeviceCookies } from '../device/index.js';
import { originOf } from '../http/origin.js';
import type { SessionCookies } from '../http/session-cookies.js';
import type { SessionManager } from '../session/index.js';
import type { BrowserState, SignInDecision } from '../signin-kernel/index.js';

export interface ExchangeDeps {
  sessions: SessionManager;
  cookies: SessionCookies;
  deviceCookies: DeviceCookies;
}

/** The browser as a try sees it; `sessionId` undefined after the logout pre-step, whose session is gone. */
export function browserOf(
  { cookies, deviceCookies }: ExchangeDeps,
  request: FastifyRequest,
  sessionId: string | undefined = cookies.sessionId(request),
): BrowserState {
  return {
    sessionId,
    locale: request.cookies[LOCALE_COOKIE],
    origin: originOf(request),
    cookies: request.cookies,
    deviceId: deviceCookies.deviceId(request),
  };
}

/** Applies a decision to the answer: the trusted device's cookie, then the session it opens. Its location and session. */
export async function applyDecision(
  { sessions, cookies, deviceCookies }: ExchangeDeps,
  reply: FastifyReply,
  decision: SignInDecision,
  browser: BrowserState,
): Promise<{ location: string; sessionId: string | undefined }> {
  if (decision.device) deviceCookies.trust(reply, decision.device);
  if (!decision.open) return { location: decision.location, sessionId: browser.sessionId };
  const opened = (await sessions.open(decision.open, browser.sessionId, browser.origin)).rawId;
  cookies.open(reply, opened);
  return { location: decision.location, sessionId: opened };
}
