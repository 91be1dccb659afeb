/** /admin/v1/users/{userId}/passkeys: a user's passkeys, listed, and removed one at a time (a lost device). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NoBody } from '@portal/contract/schemas';
import type { AdminOperations } from '../operations.js';
import { keyOrigin, requireScope, scopeOf, ADMIN_CHANGE, ADMIN_READ } from '../guard.js';
import { ErrorAnswer, PasskeyParamsSchema, PasskeysSchema, UserParamsSchema } from '../schemas.js';

const TAGS = ['passkeys'];

export const passkeyRoutes: FastifyPluginAsyncTypebox<{ operations: AdminOperations }> = async (
  app,
  { operations },
) => {
  const { passkeys } = operations;

  app.get(
    '/users/:userId/passkeys',
    {
      preHandler: requireScope('users:read'),
      config: ADMIN_READ,
      schema: {
        operationId: 'listPasskeys',
        tags: TAGS,
        params: UserParamsSchema,
        summary: "A user's passkeys, oldest first: name, when made and last used, backup state",
        response: { 200: PasskeysSchema },
      },
    },
    async (request) => ({ passkeys: await passkeys.list(scopeOf(request), request.params.userId) }),
  );

  app.delete(
    '/users/:userId/passkeys/:passkeyId',
    {
      preHandler: requireScope('users:write'),
      config: ADMIN_CHANGE,
      schema: {
        operationId: 'removePasskey',
        tags: TAGS,
        params: PasskeyParamsSchema,
        summary: 'Remove one passkey of a user: it signs nobody in from then on, and the user is told by mail',
        response: {
          204: NoBody('Removed'),
          404: ErrorAnswer('No such user (or one of a cobrand the key does not cover), or no such passkey of theirs'),
        },
      },
    },
    async (request, reply) => {
      const { userId, passkeyId } = request.params;
      await passkeys.remove(scopeOf(request), userId, passkeyId, keyOrigin(request));
      return reply.code(204).send(null);
    },
  );
};
