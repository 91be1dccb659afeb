/**
 * The recovery-code calls (docs/api.md): a sign-in with a code in place of the tokencode (answered as send-login
 * answers), and the signed-in user's own codes (how many are left; a new set, shown once).
 */
import { ErrorCodes, RecoveryCodePaths } from '@portal/contract';
import {
  RecoveryCodeSetSchema,
  RecoveryCodeSignInBodySchema,
  RecoveryCodeStatusSchema,
  RefusedSchema,
  WhereNextSchema,
} from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AccountStore } from '../account/index.js';
import { ApiError, sessionEnded } from '../http/api-error.js';
import { requireContentType, textAnswer } from '../http/content-type.js';
import { originOf } from '../http/origin.js';
import type { SessionCookies } from '../http/session-cookies.js';
import { whileAdmitted } from '../security/hash-admission.js';
import type { RouteThrottle } from '../security/throttle.js';
import type { FreshSignIn, SessionManager } from '../session/index.js';
import type { RecoveryCodeService } from './recovery-code-service.js';
import type { SignInOnRoute } from '../signin-kernel/index.js';
import { browserChange, STATE_READ } from '../http/route-guard.js';

export interface RecoveryCodeRoutesOptions {
  recoveryCodes: RecoveryCodeService;
  accounts: AccountStore;
  sessions: SessionManager;
  cookies: SessionCookies;
  throttle: RouteThrottle;
  /** The rule every change to how the account signs in follows: a sign-in within the last five minutes. */
  fresh: FreshSignIn;
  signIn: SignInOnRoute;
  refusedBody: () => string;
}

const JSON_BODY = requireContentType('application/json');

export const recoveryCodeRoutes: FastifyPluginAsyncTypebox<RecoveryCodeRoutesOptions> = async (app, options) => {
  const { recoveryCodes, accounts, sessions, cookies, throttle, fresh } = options;
  const signedIn = async (request: FastifyRequest) => {
    const session = await sessions.find(cookies.sessionId(request), ['full']);
    const account = session && (await accounts.findById(session.account_id));
    if (!session || !account) throw sessionEnded();
    return { session, account };
  };

  app.post(
    RecoveryCodePaths.signIn,
    {
      schema: {
        operationId: 'recoveryCodeSignIn',
        summary:
          'Sign in with user ID, PIN and a recovery code in place of the tokencode; answers, as text, where to go',
        body: RecoveryCodeSignInBodySchema,
        response: { 200: textAnswer(WhereNextSchema), 401: textAnswer(RefusedSchema) },
      },
      config: { ...throttle, ...browserChange(['signin.success', 'signin.failure', 'recovery-code.used']) },
      preValidation: JSON_BODY,
    },
    async (request, reply) => {
      const location = await whileAdmitted(reply, () => options.signIn(request.body, { request, reply }));
      reply.type('text/plain; charset=utf-8');
      return location === null ? reply.code(401).send(options.refusedBody()) : location;
    },
  );

  app.get(
    RecoveryCodePaths.codes,
    {
      schema: {
        operationId: 'recoveryCodeStatus',
        summary: 'Whether the signed-in user may keep recovery codes, and how many of their codes are left',
        response: { 200: RecoveryCodeStatusSchema },
      },
      config: STATE_READ,
    },
    async (request) => recoveryCodes.status((await signedIn(request)).account),
  );

  app.post(
    RecoveryCodePaths.codes,
    {
      schema: {
        operationId: 'createRecoveryCodes',
        summary:
          'A new set of ten recovery codes, shown this once; the old ones void. Within five minutes of signing in',
        response: { 201: RecoveryCodeSetSchema },
      },
      config: { ...throttle, ...browserChange('recovery-codes.created', true) },
    },
    async (request, reply) => {
      const { session, account } = await signedIn(request);
      await fresh.require(session, 'recovery-codes.create', originOf(request));
      const made = await recoveryCodes.create(account, originOf(request));
      if (made === 'not offered')
        throw new ApiError(403, [
          { code: ErrorCodes.recoveryCodesNotOffered, messageKey: 'security.recoveryCodes.notOffered' },
        ]);
      return reply.code(201).header('cache-control', 'no-store').send({ codes: made });
    },
  );
};
