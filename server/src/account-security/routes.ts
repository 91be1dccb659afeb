/**
 * The security page's calls (ours, issue 34; docs/api.md): the signed-in user's sessions and recent sign-ins, and the
 * ending of one session or all the others. A full session only; the changes need the anti-forgery header (as every
 * call that changes something), and a session ID that is not one of the user's other sessions is refused as one
 * that does not exist.
 */
import { ErrorCodes, Paths } from '@portal/contract';
import {
  EndSessionBodySchema,
  SessionListSchema,
  SessionsEndedSchema,
  SignInListSchema,
} from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError, sessionEnded } from '../http/api-error.js';
import { requireContentType } from '../http/content-type.js';
import { originOf } from '../http/origin.js';
import type { SessionCookies } from '../http/session-cookies.js';
import type { RouteThrottle } from '../security/throttle.js';
import type { SessionManager } from '../session/index.js';
import type { SecurityService } from './security-service.js';
import { guard, STATE_READ } from '../http/route-guard.js';

export interface SecurityRoutesOptions {
  security: SecurityService;
  sessions: SessionManager;
  cookies: SessionCookies;
  throttle: RouteThrottle;
}

const json = requireContentType('application/json');
const noSuchSession = () => new ApiError(404, [{ code: ErrorCodes.notFound, messageKey: 'request.notFound' }]);

/** Ending the user's own other sessions: not a way in, so no fresh sign-in; each ended one is audited. */
export const ENDS_SESSIONS = guard({ throttle: 'own', changes: true, csrf: 'token', audit: 'session.revoked' });

export const securityRoutes: FastifyPluginAsyncTypebox<SecurityRoutesOptions> = async (app, options) => {
  const { security, sessions, cookies, throttle } = options;
  const signedIn = async (request: FastifyRequest) => {
    const session = await sessions.find(cookies.sessionId(request));
    if (!session) throw sessionEnded();
    return session;
  };

  app.get(
    Paths.securitySessions,
    {
      schema: { operationId: 'mySessions', summary: "The user's live sessions", response: { 200: SessionListSchema } },
      config: STATE_READ,
    },
    async (request) => ({ sessions: await security.sessionList(await signedIn(request)) }),
  );

  app.get(
    Paths.securitySignIns,
    {
      schema: {
        operationId: 'mySignIns',
        summary: "The user's last ten sign-in tries, refused ones included",
        response: { 200: SignInListSchema },
      },
      config: STATE_READ,
    },
    async (request) => ({ signIns: await security.signIns(await signedIn(request)) }),
  );

  app.post(
    Paths.securitySessionEnd,
    {
      schema: {
        operationId: 'endMySession',
        summary: "End one of the user's other sessions (not the current one: logout ends that)",
        body: EndSessionBodySchema,
        response: { 200: SessionsEndedSchema },
      },
      config: { ...throttle, ...ENDS_SESSIONS },
      preValidation: json,
    },
    async (request) => {
      const session = await signedIn(request);
      if (!(await security.endOne(session, request.body.id, originOf(request)))) throw noSuchSession();
      return { ended: 1 };
    },
  );

  app.post(
    Paths.securitySessionsEndOthers,
    {
      schema: {
        operationId: 'endMyOtherSessions',
        summary: "End every session of the user's but the current one",
        body: Type.Optional(Type.Object({}, { additionalProperties: false })),
        response: { 200: SessionsEndedSchema },
      },
      config: { ...throttle, ...ENDS_SESSIONS },
    },
    async (request) => ({ ended: await security.endOthers(await signedIn(request), originOf(request)) }),
  );
};
