/**
 * The console's sign-in through the bank's staff identity provider, where one is configured (STAFF_IDP_FILE): the
 * provider checks the person as the bank's rules say, names them, and an operator of that name who is not locked is
 * signed in as after a password and code, with the same cookies, session rules and trail. The provider's protocol is
 * the composition's (operator-sign-on.ts): this side sees a name, or why there is none.
 */
import { CONSOLE_BASE, ConsolePaths, SIGN_ON_REFUSED } from '@portal/contract/console';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { guard } from '../http/route-guard.js';
import type { SessionCookies } from '../http/session-cookies.js';
import { consoleOrigin, replaceSession } from './console-origin.js';
import type { ConsoleSessions } from './console-sessions.js';

/** The provider's answer: the name it gives the person, or why it gave none (for the log and the trail). */
export type ProviderAnswer = { name: string } | { refused: string; received: Record<string, string | undefined> };

export interface StaffProvider {
  /** How the trail names the provider (its issuer). */
  readonly name: string;
  /** The provider's sign-in address for this browser; its flow cookie is set on the reply. */
  start(reply: FastifyReply): Promise<string>;
  /** The provider's answer at ConsolePaths.signOnReturn; the flow cookie goes whatever it says. */
  answer(request: FastifyRequest, reply: FastifyReply): Promise<ProviderAnswer>;
}

export interface SignOnOptions {
  provider: StaffProvider | undefined;
  sessions: ConsoleSessions;
  cookies: SessionCookies;
  /** The sign-in's own per-address throttle (console-routes.ts), or none. */
  throttle: object | false;
}

const START = guard({
  throttle: 'own',
  changes: true,
  csrf: 'none: a GET that only starts a sign-on, bound to this browser’s sealed cookie',
  audit: 'none: nothing is decided until the provider answers',
});
const RETURN = guard({
  throttle: 'own',
  changes: true,
  csrf: 'none: the provider’s page sends it; its state is bound to the sealed cookie',
  audit: ['operator.signed.in', 'operator.sign.in.refused'],
});

export function consoleSignOnRoutes(app: FastifyInstance, options: SignOnOptions): void {
  const { provider, sessions, cookies } = options;
  const hidden = { hide: true };
  if (!provider) return;
  const rateLimit = options.throttle;
  app.get(ConsolePaths.signOnStart, { schema: hidden, config: { ...START, rateLimit } }, async (_request, reply) =>
    reply.redirect(await provider.start(reply), 303),
  );
  app.get(ConsolePaths.signOnReturn, { schema: hidden, config: { ...RETURN, rateLimit } }, async (request, reply) => {
    const origin = consoleOrigin(request);
    const answer = await provider.answer(request, reply);
    if ('refused' in answer) {
      request.log.warn({ reason: answer.refused, received: answer.received }, 'staff sign-on refused');
      await sessions.signOnRefused(answer.refused, origin, provider.name);
      return reply.redirect(`${CONSOLE_BASE}?${SIGN_ON_REFUSED}`, 303);
    }
    const signedIn = await sessions.signOn(answer.name, origin, provider.name);
    if (!signedIn) return reply.redirect(`${CONSOLE_BASE}?${SIGN_ON_REFUSED}`, 303);
    await replaceSession(request, reply, { sessions, cookies }, signedIn.raw);
    return reply.redirect(CONSOLE_BASE, 303);
  });
}
