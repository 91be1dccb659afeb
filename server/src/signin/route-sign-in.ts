/**
 * A sign-in on a method's own route (a recovery code's), made for a capability's route or native form: the browser's
 * state read from the request, the sign-in service asked, and what it decided applied to the answer (the session it
 * opens, the trusted device's cookie). Where to go, or null when refused.
 */
import { LOCALE_COOKIE } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DeviceCookies } from '../device/index.js';
import { originOf } from '../http/origin.js';
import type { SessionCookies } from '../http/session-cookies.js';
import type { SessionManager } from '../session/index.js';
import type { SignInService } from './signin-service.js';

export interface RouteSignInDeps {
  signIn: SignInService;
  sessions: SessionManager;
  cookies: SessionCookies;
  deviceCookies: DeviceCookies;
}

export function routeSignIn({ signIn, sessions, cookies, deviceCookies }: RouteSignInDeps, route: string) {
  return async (secret: unknown, { request, reply }: { request: FastifyRequest; reply: FastifyReply }) => {
    const browser = {
      sessionId: cookies.sessionId(request),
      locale: request.cookies[LOCALE_COOKIE],
      origin: originOf(request),
      cookies: request.cookies,
      deviceId: deviceCookies.deviceId(request),
    };
    const decision = await signIn.signInOnRoute(route, JSON.stringify(secret), browser);
    if (decision === null) return null;
    if (decision.device) deviceCookies.trust(reply, decision.device);
    if (decision.open)
      cookies.open(reply, (await sessions.open(decision.open, browser.sessionId, browser.origin)).rawId);
    return decision.location;
  };
}
