/**
 * /admin/openapi.json: the admin API's OpenAPI 3.1 document, from the routes' TypeBox schemas (@fastify/swagger), as
 * the public listener documents its own calls (http/openapi.ts). Every call needs the bearer key, and every one may
 * be refused in the error shape: no key in use (401), a key without the scope (403), too many calls (429).
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { ApiErrorBodySchema } from '@portal/contract/schemas';
import { documentRefusals } from '../http/route-guard.js';
import { ErrorAnswer } from './schemas.js';
import { ADMIN_READ } from './guard.js';

export const ADMIN_OPENAPI_PATH = '/admin/openapi.json';

const TAGS = {
  users: 'The portal users: create, find, list, change, lock out (scopes users:read, users:write)',
  tokens: "A user's token, built in or at the bank's token server (users:write)",
  sso: "Links between a cobrand's identity provider and its users (users:read, users:write)",
  sessions: "A user's live sessions (users:read, users:write)",
  passkeys: "A user's passkeys: listed, and removed as the user removes one (users:read, users:write)",
  devices: 'The browsers a user trusts: listed, and forgotten as the user forgets one (users:read, users:write)',
  audit: 'The security events, paged or streamed (audit:read)',
  cobrands: 'The cobrands and their catalogue (cobrands:read, cobrands:write)',
};

function declareRefusals(route: RouteOptions): void {
  const schema = (route.schema ??= {}) as Record<string, unknown>;
  // A hidden call is not the admin API's (this document, SCIM's): its answers are its own, in its own shape.
  if (route.url === ADMIN_OPENAPI_PATH || schema.hide) return;
  const response: Record<string, unknown> = { ...(schema.response as object) };
  response['400'] ??= ErrorAnswer(
    'A value the call does not take (code invalid, required or too.long; `field` names it)',
  );
  response['401'] ??= ErrorAnswer('No key in use: missing, malformed, unknown or revoked alike (code unauthenticated)');
  response['403'] ??= ErrorAnswer('The key does not carry the scope the call needs (code forbidden)');
  response['404'] ??= ErrorAnswer('No such user (or one of a cobrand the key does not cover) (code not.found)');
  // The listener's throttle, as each call declares it.
  documentRefusals(response, route.config?.guard, ApiErrorBodySchema);
  response['4xx'] ??= ErrorAnswer('Refused, in the error shape');
  response['5xx'] ??= ErrorAnswer('A failure of the service, in the error shape (503: the database is away)');
  schema.response = response;
  schema.security = [{ bearer: [] }];
}

export async function registerAdminOpenApi(app: FastifyInstance, version: string): Promise<void> {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.method !== 'HEAD') declareRefusals(route);
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Cobrand sign-in portal: admin API',
        version,
        description:
          "The operator's calls (docs/api.md, \"Admin API\"), on the admin listener only (ADMIN_PORT). Every call is audited with the key's name and the client's address.",
      },
      servers: [{ url: '/', description: 'This admin listener' }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key made with `npm run portal -- api-keys create`; each call names the scope it needs.',
          },
        },
      },
    },
  });
  app.get(ADMIN_OPENAPI_PATH, { schema: { hide: true }, config: ADMIN_READ }, async () => app.swagger());
}
