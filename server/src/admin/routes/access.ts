/**
 * /admin/v1/operators and /admin/v1/api-keys: who may reach the admin listener, for a caller with the `access` scope
 * (the console's administrators). A caller gives no scope and no cobrand it lacks, and sees only the operators and
 * keys within its own cobrands. A new operator's password and a new key are answered once, never stored readable.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NoBody } from '@portal/contract/schemas';
import type { FastifyRequest } from 'fastify';
import {
  ApiKeyParamsSchema,
  ApiKeysSchema,
  CreatedApiKeySchema,
  CreatedOperatorSchema,
  NewApiKeySchema,
  NewOperatorSchema,
  OperatorParamsSchema,
  OperatorsSchema,
} from '../access-schemas.js';
import { keyOrigin, requireScope, ADMIN_CHANGE, ADMIN_READ } from '../guard.js';
import type { AdminOperations, Grantor } from '../operations.js';
import { ErrorAnswer } from '../schemas.js';

const TAGS = ['access'];
const read = { preHandler: requireScope('access'), config: ADMIN_READ };
const write = { preHandler: requireScope('access'), config: ADMIN_CHANGE };
/** The caller, as its scopes and cobrands bound what it gives (the route runs behind `requireScope`). */
const grantor = (request: FastifyRequest): Grantor => request.apiKey!;
const done = NoBody('Done');

const summary = (operationId: string, text: string) => ({ operationId, tags: TAGS, summary: text });

type AccessPlugin = FastifyPluginAsyncTypebox<{ operations: AdminOperations }>;

const operatorRoutes: AccessPlugin = async (app, { operations: { access } }) => {
  app.get(
    '/operators',
    {
      ...read,
      schema: {
        ...summary('listOperators', "The console's operators within the caller's cobrands"),
        response: { 200: OperatorsSchema },
      },
    },
    async (request) => ({ operators: await access.operators(grantor(request)) }),
  );

  app.post(
    '/operators',
    {
      ...write,
      schema: {
        ...summary('addOperator', 'Add a console operator: their generated password and authenticator URI, shown once'),
        body: NewOperatorSchema,
        response: { 201: CreatedOperatorSchema, 403: ErrorAnswer('A role or cobrand the caller may not give') },
      },
    },
    async (request, reply) => {
      const created = await access.addOperator(grantor(request), request.body, keyOrigin(request));
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/operators/:name',
    {
      ...write,
      schema: {
        ...summary('removeOperator', 'Remove an operator: their sessions end at once'),
        params: OperatorParamsSchema,
        response: { 204: done },
      },
    },
    async (request, reply) => {
      await access.removeOperator(grantor(request), request.params.name, keyOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/operators/:name/unlock',
    {
      ...write,
      schema: {
        ...summary('unlockOperator', 'Unlock an operator locked by six wrong sign-ins'),
        params: OperatorParamsSchema,
        response: { 204: done },
      },
    },
    async (request, reply) => {
      await access.unlockOperator(grantor(request), request.params.name, keyOrigin(request));
      return reply.code(204).send(null);
    },
  );
};

const apiKeyRoutes: AccessPlugin = async (app, { operations: { access } }) => {
  app.get(
    '/api-keys',
    {
      ...read,
      schema: {
        ...summary('listApiKeys', "The admin API's keys within the caller's cobrands, revoked ones too"),
        response: { 200: ApiKeysSchema },
      },
    },
    async (request) => ({ keys: await access.keys(grantor(request)) }),
  );

  app.post(
    '/api-keys',
    {
      ...write,
      schema: {
        ...summary('createApiKey', 'Make an API key: the key is shown this once'),
        body: NewApiKeySchema,
        response: { 201: CreatedApiKeySchema, 403: ErrorAnswer('A scope or cobrand the caller may not give') },
      },
    },
    async (request, reply) => {
      const created = await access.createKey(grantor(request), request.body, keyOrigin(request));
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/api-keys/:name',
    {
      ...write,
      schema: {
        ...summary('revokeApiKey', 'Revoke an API key: refused at once on every instance'),
        params: ApiKeyParamsSchema,
        response: { 204: done },
      },
    },
    async (request, reply) => {
      await access.revokeKey(grantor(request), request.params.name, keyOrigin(request));
      return reply.code(204).send(null);
    },
  );
};

export const accessRoutes: AccessPlugin = async (app, options) => {
  await operatorRoutes(app, options);
  await apiKeyRoutes(app, options);
};
