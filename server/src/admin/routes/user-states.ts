/**
 * /admin/v1/users/{userId}/…: a user's state, changed: deactivate, reactivate, unlock, expire the password, and a
 * temporary password mailed to them.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AdminOperations } from '../operations.js';
import { keyOrigin, requireScope, scopeOf, ADMIN_CHANGE } from '../guard.js';
import { DeactivatedSchema, TemporaryPasswordMailedSchema, UserParamsSchema } from '../schemas.js';
import { user } from './users.js';

const write = { preHandler: requireScope('users:write'), config: ADMIN_CHANGE };

export const userStateRoutes: FastifyPluginAsyncTypebox<{ operations: AdminOperations }> = async (
  app,
  { operations },
) => {
  const users = operations.users;

  app.post(
    '/users/:userId/deactivate',
    {
      ...write,
      schema: {
        ...user('deactivateUser', 'Make a user inactive and end their sessions at once'),
        response: { 200: DeactivatedSchema },
      },
    },
    async (request) => users.deactivate(scopeOf(request), request.params.userId, keyOrigin(request)),
  );

  app.post(
    '/users/:userId/reactivate',
    {
      ...write,
      schema: user('reactivateUser', 'Make an inactive user active again (one deleted by provisioning too)'),
    },
    async (request) => users.reactivate(scopeOf(request), request.params.userId, keyOrigin(request)),
  );

  app.post(
    '/users/:userId/unlock',
    {
      ...write,
      schema: user('unlockUser', 'Lift the lock of a locked user and clear their failed tries (409 if not locked)'),
    },
    async (request) => users.unlock(scopeOf(request), request.params.userId, keyOrigin(request)),
  );

  app.post(
    '/users/:userId/expire-password',
    { ...write, schema: user('expirePassword', 'Make the next sign-in of a user go to change password') },
    async (request) => users.expirePassword(scopeOf(request), request.params.userId, keyOrigin(request)),
  );

  app.post(
    '/users/:userId/temporary-password',
    {
      ...write,
      schema: {
        operationId: 'mailTemporaryPassword',
        summary:
          "Mail an active password user a temporary password to their own address (the forgotten-password page's mail): one sign-in until it expires; their own password still works; 409 for anyone else",
        tags: ['users'],
        params: UserParamsSchema,
        response: { 200: TemporaryPasswordMailedSchema },
      },
    },
    async (request) => users.mailTemporaryPassword(scopeOf(request), request.params.userId, keyOrigin(request)),
  );
};
