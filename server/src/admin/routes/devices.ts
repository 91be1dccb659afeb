/** /admin/v1/users/{userId}/devices: the browsers a user trusts, listed, and forgotten one at a time. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NoBody } from '@portal/contract/schemas';
import type { AdminOperations } from '../operations.js';
import { keyOrigin, requireScope, scopeOf, ADMIN_CHANGE, ADMIN_READ } from '../guard.js';
import { ErrorAnswer, TrustedDeviceParamsSchema, TrustedDevicesSchema, UserParamsSchema } from '../schemas.js';

const TAGS = ['devices'];

export const deviceRoutes: FastifyPluginAsyncTypebox<{ operations: AdminOperations }> = async (
  app,
  { operations: { devices } },
) => {
  app.get(
    '/users/:userId/devices',
    {
      preHandler: requireScope('users:read'),
      config: ADMIN_READ,
      schema: {
        operationId: 'listTrustedDevices',
        tags: TAGS,
        params: UserParamsSchema,
        summary: 'The browsers a user trusts, the last used first: browser, system, first address, use, lock',
        response: { 200: TrustedDevicesSchema },
      },
    },
    async (request) => ({ devices: await devices.list(scopeOf(request), request.params.userId) }),
  );

  app.delete(
    '/users/:userId/devices/:deviceId',
    {
      preHandler: requireScope('users:write'),
      config: ADMIN_CHANGE,
      schema: {
        operationId: 'forgetTrustedDevice',
        tags: TAGS,
        params: TrustedDeviceParamsSchema,
        summary: 'Forget one trusted browser of a user: its next sign-in is one from a new browser',
        response: {
          204: NoBody('Forgotten'),
          404: ErrorAnswer('No such user (or one of a cobrand the key does not cover), or no such device of theirs'),
        },
      },
    },
    async (request, reply) => {
      const { userId, deviceId } = request.params;
      await devices.forget(scopeOf(request), userId, deviceId, keyOrigin(request));
      return reply.code(204).send(null);
    },
  );
};
