/**
 * /scim/v2 on the admin listener (RFC 7644): the discovery endpoints and Users. Each call needs a key with the `scim`
 * scope, and a key limited to cobrands sees and changes only their users; the listener audits every call with the
 * key's name and the client's address, and the services audit each change alike. The calls are kept out of
 * /admin/openapi.json: SCIM describes itself (ServiceProviderConfig, ResourceTypes, Schemas).
 */
import SCIMMY from 'scimmy';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ADMIN_CHANGE, ADMIN_READ, type AdminOperations, keyOrigin, requireScope, scopeOf } from '../admin/index.js';
import { registerScimErrors, SCIM_CONTENT_TYPE, scimRefusal } from './errors.js';
import { declareScim, SCIM_PREFIX } from './scimmy-setup.js';
import { scimAnswer } from './user-mapping.js';
import { type ListQuery, scimUsers } from './users.js';

/** Described by SCIM itself, not /admin/openapi.json; each call declares what every admin call does (admin/guard.ts). */
const hidden = { schema: { hide: true }, config: ADMIN_READ };
const change = { schema: { hide: true }, config: ADMIN_CHANGE };

const callerOf = (request: FastifyRequest) => ({ scope: scopeOf(request), origin: keyOrigin(request) });

type UserRequest = FastifyRequest<{ Params: { userId: string }; Querystring: ListQuery }>;

function discovery(app: FastifyInstance): void {
  const { Resources } = SCIMMY;
  app.get('/ServiceProviderConfig', hidden, async () => new Resources.ServiceProviderConfig().read());
  app.get('/ResourceTypes', hidden, async () => new Resources.ResourceType().read());
  app.get<{ Params: { id: string } }>('/ResourceTypes/:id', hidden, async (request) =>
    new Resources.ResourceType(request.params.id).read(),
  );
  app.get('/Schemas', hidden, async () => new Resources.Schema().read());
  app.get<{ Params: { id: string } }>('/Schemas/:id', hidden, async (request) =>
    new Resources.Schema(request.params.id).read(),
  );
}

export const scimRoutes: FastifyPluginAsync<{ operations: AdminOperations }> = async (app, { operations }) => {
  declareScim();
  registerScimErrors(app);
  // A DELETE has no body, whatever type its header names (Entra ID sends application/scim+json): only a body that
  // is there is parsed, and refused when it is not JSON.
  const json = app.getDefaultJsonParser('error', 'error');
  const parser: typeof json = (request, body, done) =>
    body === '' && request.method === 'DELETE' ? done(null, undefined) : json(request, body, done);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/scim+json', 'application/json'], { parseAs: 'string' }, parser);
  // On the request, before its body is read: a call without the key is refused before anything else is looked at.
  app.addHook('onRequest', requireScope('scim', scimRefusal));
  app.addHook('onSend', async (_request, reply, payload) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) reply.type(SCIM_CONTENT_TYPE);
    return payload;
  });
  discovery(app);

  const users = scimUsers(operations);
  const location = (userId: string) => `${SCIM_PREFIX}/Users/${encodeURIComponent(userId)}`;

  app.get('/Users', hidden, async (request: FastifyRequest<{ Querystring: ListQuery }>) =>
    users.list(callerOf(request), request.query),
  );
  app.post('/Users', change, async (request, reply) => {
    const user = await users.create(callerOf(request), request.body);
    return reply.code(201).header('location', location(user.userId)).send(scimAnswer(user));
  });
  app.get('/Users/:userId', hidden, async (request: UserRequest) => {
    const attributes = users.attributesOf(request.query);
    return scimAnswer(await users.get(callerOf(request), request.params.userId), attributes);
  });
  app.put('/Users/:userId', change, async (request: UserRequest) =>
    scimAnswer(await users.replace(callerOf(request), request.params.userId, request.body)),
  );
  app.patch('/Users/:userId', change, async (request: UserRequest) =>
    scimAnswer(await users.patch(callerOf(request), request.params.userId, request.body)),
  );
  // Deleting a user deactivates them (their sessions ended at once) and SCIM knows them no more (404); the record and
  // its audit trail stay.
  app.delete('/Users/:userId', change, async (request: UserRequest, reply) => {
    await users.remove(callerOf(request), request.params.userId);
    return reply.code(204).send();
  });
};
