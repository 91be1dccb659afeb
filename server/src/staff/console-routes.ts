/**
 * The console's sign-in calls at /console/api on the admin listener: sign in (name, password, authenticator code),
 * sign out, who is signed in, and the sign-on at the bank's staff identity provider where there is one. Its own cookies (path /console/, SameSite=Strict, Secure when ADMIN_ORIGIN is https)
 * and its own anti-forgery token, checked as the public listener checks its own (http/csrf-guard.ts), so neither
 * listener's session or token works on the other.
 */
import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorCodes } from '@portal/contract';
import { AuthenticationResponseSchema } from '@portal/contract/schemas';
import { ConsolePaths } from '@portal/contract/console';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError, sessionEnded } from '../http/api-error.js';
import { registerCsrfGuard } from '../http/csrf-guard.js';
import { guard } from '../http/route-guard.js';
import { type CookiePolicy, SessionCookies } from '../http/session-cookies.js';
import { whileAdmitted } from '../security/hash-admission.js';
import { consolePage, type ConsolePageOptions } from './console-page.js';
import { consoleOrigin, replaceSession } from './console-origin.js';
import { browserBinding, consolePasskeyRoutes } from './console-passkey-routes.js';
import type { ConsoleSessions, LiveOperator, SignedInOperator } from './console-sessions.js';
import { consoleSignOnRoutes, type StaffProvider } from './console-sign-on.js';
import type { OperatorPasskeys } from './operator-passkeys.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator the console's session cookie names (its idle deadline moved on); null for none. */
    consoleOperator?: SignedInOperator | null;
    /** The same session with what only the service reads: the operator's ID, when they signed in. */
    consoleLive?: LiveOperator | null;
  }
}

export interface ConsoleRouteOptions {
  sessions: ConsoleSessions;
  /** The console's anti-forgery key (PortalKeys.consoleCsrf). */
  csrfKey: Buffer;
  /** ADMIN_ORIGIN is https: Secure cookies. */
  secure: boolean;
  /** Sign-in tries a client address may make a minute (RATE_LIMIT_PER_MINUTE, as the users'); 0: no throttle. */
  signInPerMinute: number;
  /**
   * The admin API's calls for the signed-in operator (ConsolePaths.adminApi), behind the console's cookies and token:
   * the listener composes them (admin-app.ts), the operator standing for a key.
   */
  operatorCalls?: FastifyPluginAsync;
  /** The bank's staff identity provider, where one is configured (console-sign-on.ts). */
  signOn?: StaffProvider;
  /** The operators' passkeys, where ADMIN_ORIGIN names a host (console-passkey-routes.ts). */
  passkeys?: OperatorPasskeys;
  /** The console's page and its texts (console-page.ts). */
  page?: ConsolePageOptions;
}

export function consoleCookiePolicy(secure: boolean): CookiePolicy {
  const attributes = { path: '/console/', sameSite: 'strict', secure } as const;
  return {
    // `__Host-` needs the path /; `__Secure-` still keeps a cookie set over plain http from standing in for it.
    sessionCookie: secure ? '__Secure-console-session' : 'console-session',
    csrfCookie: secure ? '__Secure-console-token' : 'console-token',
    session: { ...attributes, httpOnly: true },
    // Read by the console's script to echo in X-XSRF-TOKEN, so not HttpOnly.
    csrf: { ...attributes, httpOnly: false },
  };
}

const Credentials = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    password: Type.String({ maxLength: 1024 }),
    // The authenticator app's code, or a passkey's answer (where the console offers passkeys).
    code: Type.Optional(Type.String({ maxLength: 16 })),
    passkey: Type.Optional(AuthenticationResponseSchema),
  },
  { additionalProperties: false },
);

const refused = () => new ApiError(401, [{ code: ErrorCodes.invalidLogin, messageKey: 'login.failed' }]);
const hidden = { hide: true };

export const consoleRoutes: FastifyPluginAsyncTypebox<ConsoleRouteOptions> = async (app, options) => {
  const { sessions } = options;
  const cookies = new SessionCookies(consoleCookiePolicy(options.secure), options.csrfKey);
  await app.register(fastifyCookie);
  registerCsrfGuard(app, options.csrfKey, cookies);
  app.decorateRequest('consoleOperator', null);
  app.decorateRequest('consoleLive', null);
  // Every call the console makes is activity: it moves the idle deadline on.
  app.addHook('preHandler', async (request) => {
    request.consoleLive = await sessions.current(cookies.sessionId(request));
    request.consoleOperator = request.consoleLive?.operator ?? null;
  });

  const throttle =
    options.signInPerMinute > 0
      ? { max: options.signInPerMinute, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => `console:${r.ip}` }
      : false;
  const signInGuard = guard({
    throttle: 'own',
    changes: true,
    csrf: 'token',
    audit: ['operator.signed.in', 'operator.sign.in.refused', 'operator.locked'],
  });
  app.post(
    ConsolePaths.session,
    { schema: { ...hidden, body: Credentials }, config: { ...signInGuard, rateLimit: throttle } },
    async (request, reply) => {
      const { passkey, ...given } = request.body;
      const credentials = {
        ...given,
        ...(passkey ? { passkey: { response: passkey, binding: browserBinding(request) } } : {}),
      };
      const signedIn = await whileAdmitted(reply, () => sessions.signIn(credentials, consoleOrigin(request)));
      if (!signedIn) throw refused();
      await replaceSession(request, reply, { sessions, cookies }, signedIn.raw);
      request.consoleOperator = signedIn.operator;
      return reply.send(signedIn.operator);
    },
  );

  const signOutGuard = guard({ throttle: 'listener', changes: true, csrf: 'token', audit: 'operator.signed.out' });
  app.delete(ConsolePaths.session, { schema: hidden, config: signOutGuard }, async (request, reply) => {
    await cookies.end(request, reply, (raw) => sessions.signOut(raw, consoleOrigin(request)));
    return reply.code(204).send();
  });

  const meGuard = guard({ throttle: 'listener', changes: false, audit: 'admin.call' });
  app.get(ConsolePaths.me, { schema: hidden, config: meGuard }, async (request) => {
    if (!request.consoleOperator) throw sessionEnded();
    return request.consoleOperator;
  });

  const ways = guard({ throttle: 'none: a cheap read, the same for every caller', changes: false });
  app.get(ConsolePaths.signOn, { schema: hidden, config: ways }, async () => ({
    offered: options.signOn !== undefined,
    passkeys: options.passkeys !== undefined,
  }));
  consoleSignOnRoutes(app, { provider: options.signOn, sessions, cookies, throttle });
  if (options.passkeys) consolePasskeyRoutes(app, { passkeys: options.passkeys, cookies, throttle });
  if (options.page) consolePage(app, options.page);
  if (options.operatorCalls) await app.register(options.operatorCalls, { prefix: ConsolePaths.adminApi });
};
