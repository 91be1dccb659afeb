/**
 * /admin/v1/users/{userId}/sign-in-problems: why a user cannot sign in, and what clears it; /sign-ins: their last
 * tries, each with its outcome and reason (sign-in-problems.ts); /sign-in-methods: how they sign in.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireScope, scopeOf, ADMIN_READ } from '../guard.js';
import type { AdminOperations } from '../operations.js';
import { SignInMethodsSchema, SignInProblemsSchema, SignInTriesSchema, UserParamsSchema } from '../schemas.js';

export const signInProblemRoutes: FastifyPluginAsyncTypebox<{ operations: AdminOperations }> = async (
  app,
  { operations: { users } },
) => {
  app.get(
    '/users/:userId/sign-in-problems',
    {
      preHandler: requireScope('users:read'),
      config: ADMIN_READ,
      schema: {
        operationId: 'getSignInProblems',
        summary: 'Why a user cannot sign in: each problem, since when, and what clears it',
        tags: ['users'],
        params: UserParamsSchema,
        response: { 200: SignInProblemsSchema },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const problems = await users.signInProblems(scope, request.params.userId);
      return { userId: (await users.get(scope, request.params.userId)).userId, problems };
    },
  );

  app.get(
    '/users/:userId/sign-ins',
    {
      preHandler: requireScope('users:read'),
      config: ADMIN_READ,
      schema: {
        operationId: 'getSignIns',
        summary: "A user's last sign-in tries, newest first: when, how, refused why, from which browser and address",
        tags: ['users'],
        params: UserParamsSchema,
        response: { 200: SignInTriesSchema },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const signIns = await users.signIns(scope, request.params.userId);
      return { userId: (await users.get(scope, request.params.userId)).userId, signIns };
    },
  );

  app.get(
    '/users/:userId/sign-in-methods',
    {
      preHandler: requireScope('users:read'),
      config: ADMIN_READ,
      schema: {
        operationId: 'getSignInMethods',
        summary:
          'How a user signs in: password or token (held where, waiting for a new PIN), passkeys, recovery codes left, SSO links',
        tags: ['users'],
        params: UserParamsSchema,
        response: { 200: SignInMethodsSchema },
      },
    },
    async (request) => users.signInMethods(scopeOf(request), request.params.userId),
  );
};
