/** /admin/v1/users/{userId}/sessions and sso-links: where a user is signed in, and who signs them in. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NoBody } from '@portal/contract/schemas';
import type { AdminOperations } from '../operations.js';
import { keyOrigin, requireScope, scopeOf, ADMIN_CHANGE, ADMIN_READ } from '../guard.js';
import {
  EndedSchema,
  NewSsoLinkSchema,
  SessionParamsSchema,
  SessionsSchema,
  SsoLinksSchema,
  UserParamsSchema,
} from '../schemas.js';

const read = { preHandler: requireScope('users:read'), config: ADMIN_READ };
const write = { preHandler: requireScope('users:write'), config: ADMIN_CHANGE };
const about = (operationId: string, summary: string, tag: string) => ({
  operationId,
  summary,
  tags: [tag],
  params: UserParamsSchema,
});

export const sessionRoutes: FastifyPluginAsyncTypebox<{ operations: AdminOperations }> = async (
  app,
  { operations },
) => {
  const { sessions, sso } = operations;

  app.get(
    '/users/:userId/sessions',
    {
      ...read,
      schema: {
        ...about('listSessions', "A user's live sessions, newest first", 'sessions'),
        response: { 200: SessionsSchema },
      },
    },
    async (request) => ({ sessions: await sessions.list(scopeOf(request), request.params.userId) }),
  );

  app.delete(
    '/users/:userId/sessions',
    {
      ...write,
      schema: { ...about('endSessions', "End all of a user's sessions", 'sessions'), response: { 200: EndedSchema } },
    },
    async (request) => ({
      sessionsEnded: await sessions.endAll(scopeOf(request), request.params.userId, keyOrigin(request)),
    }),
  );

  app.delete(
    '/users/:userId/sessions/:sessionId',
    {
      ...write,
      schema: {
        ...about('endSession', 'End one session of a user', 'sessions'),
        params: SessionParamsSchema,
        response: { 204: NoBody('Ended') },
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = request.params;
      await sessions.endOne(scopeOf(request), userId, sessionId, keyOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/users/:userId/sso-links',
    {
      ...read,
      schema: {
        ...about('listSsoLinks', 'The identity-provider subjects linked to a user', 'sso'),
        response: { 200: SsoLinksSchema },
      },
    },
    async (request) => ({ links: await sso.links(scopeOf(request), request.params.userId) }),
  );

  app.post(
    '/users/:userId/sso-links',
    {
      ...write,
      schema: {
        ...about('linkSso', "Let the identity provider of the user's cobrand sign them in as this subject", 'sso'),
        body: NewSsoLinkSchema,
        response: { 204: NoBody('Linked') },
      },
    },
    async (request, reply) => {
      await sso.link(scopeOf(request), request.params.userId, request.body.subject, keyOrigin(request));
      return reply.code(204).send(null);
    },
  );
};
