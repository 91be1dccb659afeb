/**
 * The operators' passkeys on the console (operator-passkeys.ts): a sign-in's options, and the signed-in operator's own
 * list, a new one and its removal. Adding or removing one needs a sign-in within FRESH_SIGN_IN_MS, as a user's factor
 * change does; a session left open longer must sign in again (403 sign.in.again).
 */
import { ErrorCodes } from '@portal/contract';
import { ConsolePaths } from '@portal/contract/console';
import { RegistrationResponseSchema } from '@portal/contract/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError, sessionEnded } from '../http/api-error.js';
import { guard } from '../http/route-guard.js';
import type { SessionCookies } from '../http/session-cookies.js';
import { hashSessionId } from '../security/ids.js';
import { consoleOrigin } from './console-origin.js';
import type { LiveOperator } from './console-sessions.js';
import type { OperatorPasskeys } from './operator-passkeys.js';

export interface PasskeyRouteOptions {
  passkeys: OperatorPasskeys;
  cookies: SessionCookies;
  /** The sign-in's own per-address throttle (console-routes.ts), or none. */
  throttle: object | false;
}

/**
 * What a sign-in's passkey challenge is bound to: this browser's anti-forgery token (its hash), which it echoes in
 * X-XSRF-TOKEN on every change and which the guard has checked by then.
 */
export const browserBinding = (request: FastifyRequest): string =>
  hashSessionId(String(request.headers['x-xsrf-token'] ?? ''));

const signInAgain = () => new ApiError(403, [{ code: ErrorCodes.signInAgain, messageKey: 'factor.signInAgain' }]);
const notAdded = () => new ApiError(400, [{ code: ErrorCodes.passkeyRefused, messageKey: 'passkey.refused' }]);
const noSuchPasskey = () => new ApiError(404, [{ code: ErrorCodes.notFound, messageKey: 'request.notFound' }]);

/** The signed-in operator, with a sign-in fresh enough to change a factor. */
function freshOperator(request: FastifyRequest, passkeys: OperatorPasskeys): LiveOperator {
  const live = request.consoleLive;
  if (!live) throw sessionEnded();
  if (!passkeys.fresh(live.signedInAt)) throw signInAgain();
  return live;
}

const hidden = { hide: true };
const Registration = Type.Object({ response: RegistrationResponseSchema }, { additionalProperties: false });
const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) });

export function consolePasskeyRoutes(app: FastifyInstance, { passkeys, cookies, throttle }: PasskeyRouteOptions): void {
  const options = guard({
    throttle: 'own',
    changes: true,
    csrf: 'token',
    audit: 'none: a challenge, nothing decided until the sign-in',
  });
  app.post(
    ConsolePaths.passkeySignIn,
    { schema: hidden, config: { ...options, rateLimit: throttle } },
    async (request) => passkeys.signInOptions(browserBinding(request)),
  );

  const read = guard({ throttle: 'listener', changes: false });
  app.get(ConsolePaths.passkeys, { schema: hidden, config: read }, async (request) => {
    if (!request.consoleLive) throw sessionEnded();
    return passkeys.list(request.consoleLive.id);
  });

  const registering = guard({ throttle: 'listener', changes: true, csrf: 'token', audit: 'none: a challenge only' });
  app.post(ConsolePaths.passkeyOptions, { schema: hidden, config: registering }, async (request) => {
    const live = freshOperator(request, passkeys);
    return passkeys.registrationOptions(
      { id: live.id, name: live.operator.name },
      hashSessionId(cookies.sessionId(request)!),
    );
  });

  const adding = guard({ throttle: 'listener', changes: true, csrf: 'token', audit: 'operator.passkey.added' });
  app.post(
    ConsolePaths.passkeys,
    { schema: { ...hidden, body: Registration }, config: adding },
    async (request, reply) => {
      const live = freshOperator(request, passkeys);
      const { response } = request.body as { response: Parameters<OperatorPasskeys['register']>[1] };
      const binding = hashSessionId(cookies.sessionId(request)!);
      const operator = { id: live.id, name: live.operator.name };
      const id = await passkeys.register(operator, response, binding, consoleOrigin(request));
      if (!id) throw notAdded();
      return reply.code(201).send({ id });
    },
  );

  const removing = guard({ throttle: 'listener', changes: true, csrf: 'token', audit: 'operator.passkey.removed' });
  app.delete(
    `${ConsolePaths.passkeys}/:id`,
    { schema: { ...hidden, params: Params }, config: removing },
    async (request, reply) => {
      const live = freshOperator(request, passkeys);
      const { id } = request.params as { id: string };
      if (!(await passkeys.remove({ id: live.id, name: live.operator.name }, id, consoleOrigin(request))))
        throw noSuchPasskey();
      return reply.code(204).send();
    },
  );
}
