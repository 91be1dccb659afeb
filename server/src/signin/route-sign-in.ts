/**
 * A sign-in on a method's own route (a passkey's, a recovery code's), made for a capability's route or native form: the browser's
 * state read from the request, the sign-in service asked, and what it decided applied to the answer (the session it
 * opens, the trusted device's cookie). Where to go, or null when refused.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { applyDecision, browserOf, type ExchangeDeps } from './exchange.js';
import type { SignInService } from './signin-service.js';

export interface RouteSignInDeps extends ExchangeDeps {
  signIn: SignInService;
}

export function routeSignIn(deps: RouteSignInDeps, route: string) {
  return async (secret: unknown, { request, reply }: { request: FastifyRequest; reply: FastifyReply }) => {
    const browser = browserOf(deps, request);
    const decision = await deps.signIn.signInOnRoute(route, JSON.stringify(secret), browser);
    return decision && (await applyDecision(deps, reply, decision, browser)).location;
  };
}
