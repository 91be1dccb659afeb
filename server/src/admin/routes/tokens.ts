/** /admin/v1/users/{userId}/token: a user's token, built in or at the bank's token server. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NoBody } from '@portal/contract/schemas';
import type { AdminOperations } from '../operations.js';
import { keyOrigin, requireScope, scopeOf, ADMIN_CHANGE } from '../guard.js';
import { TokenAssignedSchema, UserParamsSchema } from '../schemas.js';

const write = { preHandler: requireScope('users:write'), config: ADMIN_CHANGE };
const call = (operationId: string, summary: string) => ({
  operationId,
  summary,
  tags: ['tokens'],
  params: UserParamsSchema,
  response: { 204: NoBody('Done') },
});

export const tokenRoutes: FastifyPluginAsyncTypebox<{ operations: AdminOperations }> = async (app, { operations }) => {
  const tokens = operations.tokens;

  app.post(
    '/users/:userId/token',
    {
      ...write,
      schema: {
        ...call('assignToken', 'Give a user a new token, in new-PIN mode'),
        response: { 201: TokenAssignedSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ otpauthUri: await tokens.assign(scopeOf(request), request.params.userId, keyOrigin(request)) }),
  );

  app.put(
    '/users/:userId/token/at-server',
    { ...write, schema: call('tokenAtServer', "The bank's token server (RADIUS) holds the user's token") },
    async (request, reply) => {
      await tokens.atServer(scopeOf(request), request.params.userId, keyOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/users/:userId/token/reset-pin',
    { ...write, schema: call('resetPin', "Put a user's token back in new-PIN mode (409 without a token)") },
    async (request, reply) => {
      await tokens.resetPin(scopeOf(request), request.params.userId, keyOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/users/:userId/token',
    { ...write, schema: call('unassignToken', "Take a user's token away (password sign-in again)") },
    async (request, reply) => {
      await tokens.unassign(scopeOf(request), request.params.userId, keyOrigin(request));
      return reply.code(204).send(null);
    },
  );
};
