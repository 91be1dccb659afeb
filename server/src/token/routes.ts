/**
 * §7's token calls: the user info that opens the new-PIN and next-token screens (only to a user really in that
 * state), and setting the PIN of a token in new-PIN mode (only from the session its tokencode sign-in opened, within
 * five minutes of it).
 */
import { ErrorCodes, PathPatterns, Paths } from '@portal/contract';
import {
  NewPinBodySchema,
  TokenPinParamsSchema,
  TokenUserInformationQuerySchema,
  TokenUserInformationSchema,
} from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AccountStore } from '../account/index.js';
import { ApiError, sessionEnded } from '../http/api-error.js';
import { requireContentType } from '../http/content-type.js';
import { originOf } from '../http/origin.js';
import type { RouteThrottle } from '../security/throttle.js';
import type { SessionCookies } from '../http/session-cookies.js';
import type { FreshSignIn, SessionManager } from '../session/index.js';
import type { TokenPinService } from './token-pin-service.js';
import { tokenUserOf } from './token-user.js';
import { browserChange, STATE_READ } from '../http/route-guard.js';

export interface TokenRoutesOptions {
  accounts: AccountStore;
  sessions: SessionManager;
  cookies: SessionCookies;
  pins: TokenPinService;
  throttle: RouteThrottle;
  /** The rule every change to how the account signs in follows: a sign-in within the last five minutes. */
  fresh: FreshSignIn;
}

export const tokenRoutes: FastifyPluginAsyncTypebox<TokenRoutesOptions> = async (
  app,
  { accounts, sessions, cookies, pins, throttle, fresh },
) => {
  const userOf = tokenUserOf({ accounts, sessions, cookies });
  app.get(
    Paths.tokenUserInformation,
    {
      schema: {
        operationId: 'tokenUserInformation',
        summary: 'Whether this session may open the new-PIN or next-token screen, and for whom',
        querystring: TokenUserInformationQuerySchema,
        response: { 200: TokenUserInformationSchema },
      },
      config: STATE_READ,
    },
    async (request) => userOf(request, request.query.action),
  );

  app.post(
    PathPatterns.tokenPin,
    {
      schema: {
        operationId: 'setTokenPin',
        summary: "Set a token's new PIN, from the session its new-PIN sign-in opened",
        params: TokenPinParamsSchema,
        body: NewPinBodySchema,
        response: { 200: Type.Object({}) },
      },
      config: { ...throttle, ...browserChange('token.pin.set', true) },
      preValidation: requireContentType('application/json'),
    },
    async (request, reply) => {
      const session = await sessions.find(cookies.sessionId(request), ['new_pin']);
      const account = session && (await accounts.findById(session.account_id));
      if (!session || !account || account.ldap_id !== request.params.ldapId.toLowerCase()) {
        throw sessionEnded();
      }
      // The screen signs in with the passcode just before (§4); a new-PIN session kept alive by its ping is not enough.
      await fresh.require(session, 'pin.set', originOf(request));
      // A token server that does not answer is §8's "app server down" (503, from the error handler).
      const outcome = await pins.setPin(account, session.locale, request.body.newPin, originOf(request));
      if (outcome === 'invalid') {
        // §8: the screen recognises a refused PIN by "Invalid PIN" in the status text as well as the body.
        reply.raw.statusMessage = 'Invalid PIN';
        throw new ApiError(400, [{ code: ErrorCodes.pinInvalid, messageKey: 'pin.invalid', field: 'newPin' }]);
      }
      if (outcome === 'not-in-new-pin-mode' || outcome === 'refused') throw sessionEnded();
      // §4: after a new PIN the user signs in again with it.
      await cookies.end(request, reply, (rawId) => sessions.end(rawId));
      return {};
    },
  );
};
