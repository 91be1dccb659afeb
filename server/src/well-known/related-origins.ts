/**
 * /.well-known/webauthn (WebAuthn Level 3, "Related Origin Requests"): the bank's other host names at which the
 * portal offers its passkeys. A browser at one of them, asked for a passkey of the relying party (the public origin's
 * host), fetches this file from that host and goes on only if it lists the page's origin. The list is every cobrand's
 * `relatedOrigins` in the catalogue; with none listed there is nothing to publish, and the address answers 404.
 */
import { ErrorCodes } from '@portal/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../http/api-error.js';
import { PAGE_READ } from '../http/route-guard.js';

export const WEBAUTHN_PATH = '/.well-known/webauthn';

const RelatedOriginsSchema = Type.Object(
  { origins: Type.Array(Type.String({ description: 'An origin whose pages may use the portal’s passkeys' })) },
  { description: 'The related origins of the portal’s relying party' },
);

type App = Parameters<FastifyPluginAsyncTypebox>[0];

export function relatedOriginsRoute(app: App, relatedOrigins: () => Promise<readonly string[]>): void {
  app.get(
    WEBAUTHN_PATH,
    {
      schema: {
        operationId: 'webauthnRelatedOrigins',
        summary: 'The origins that may use the portal’s passkeys (WebAuthn related origins); 404 when none are listed',
        response: { 200: RelatedOriginsSchema },
      },
      config: PAGE_READ,
    },
    async (_request, reply) => {
      const origins = await relatedOrigins();
      if (origins.length === 0)
        throw new ApiError(404, [{ code: ErrorCodes.notFound, messageKey: 'request.notFound' }]);
      // The same for everyone; an import reaches browsers within the five minutes a cache may keep it.
      return reply.header('cache-control', 'public, max-age=300').send({ origins: [...origins] });
    },
  );
}
