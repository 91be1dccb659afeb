/** /admin/v1/users: create, read, list and change the portal's users (their state: user-states.ts). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AdminOperations } from '../operations.js';
import { keyOrigin, requireScope, scopeOf, ADMIN_CHANGE, ADMIN_READ } from '../guard.js';
import {
  CreatedUserSchema,
  NewUserSchema,
  QuestionSchema,
  UserChangeSchema,
  UserListQuerySchema,
  UserListSchema,
  UserParamsSchema,
  UserSchema,
} from '../schemas.js';

const TAGS = ['users'];
const read = { preHandler: requireScope('users:read'), config: ADMIN_READ };
const write = { preHandler: requireScope('users:write'), config: ADMIN_CHANGE };
/** A call on one user, answered with the user as they stand. */
export const user = (operationId: string, summary: string) => ({
  operationId,
  summary,
  tags: TAGS,
  params: UserParamsSchema,
  response: { 200: UserSchema },
});

export const userRoutes: FastifyPluginAsyncTypebox<{ operations: AdminOperations }> = async (app, { operations }) => {
  const users = operations.users;

  app.post(
    '/users',
    {
      ...write,
      schema: {
        operationId: 'createUser',
        tags: TAGS,
        body: NewUserSchema,
        response: { 201: CreatedUserSchema },
        summary:
          'Create an active password user with a password or an imported password hash; with neither, a temporary password opens one sign-in',
      },
    },
    async (request, reply) => {
      const created = await users.create(scopeOf(request), request.body, keyOrigin(request));
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.get(
    '/users',
    {
      ...read,
      schema: {
        ...{
          operationId: 'listUsers',
          tags: TAGS,
          querystring: UserListQuerySchema,
          response: { 200: UserListSchema },
        },
        summary: 'List users in user ID order, filtered; `next` is the cursor of the following page',
      },
    },
    async (request) => users.list(scopeOf(request), { ...request.query, limit: request.query.limit ?? 50 }),
  );

  app.get('/users/:userId', { ...read, schema: user('getUser', 'A user') }, async (request) =>
    users.get(scopeOf(request), request.params.userId),
  );

  app.patch(
    '/users/:userId',
    { ...write, schema: { ...user('changeUser', "Change a user's name or e-mail address"), body: UserChangeSchema } },
    async (request) => users.change(scopeOf(request), request.params.userId, request.body, keyOrigin(request)),
  );

  app.put(
    '/users/:userId/security-question',
    {
      ...write,
      schema: { ...user('setSecurityQuestion', "Set a user's security question and answer"), body: QuestionSchema },
    },
    async (request) => users.setQuestion(scopeOf(request), request.params.userId, request.body, keyOrigin(request)),
  );
};
