import { ErrorCodes } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { ApiError } from './api-error.js';

/** §7's sign-in post, and a SAML provider's answer, come as an HTML form posts them. */
export const FORM = 'application/x-www-form-urlencoded';

/**
 * A route's answer sent as plain text (the address to go to next, a name), for its response schema: the OpenAPI
 * description then says `text/plain`, so a generated client reads it as text. Fastify sends a string as it is.
 */
export const textAnswer = <T extends TSchema & { description?: string }>(schema: T) => ({
  description: schema.description ?? 'Plain text',
  content: { 'text/plain': { schema } },
});

/** A preValidation hook refusing, with 415 and before anything else happens, a body of any other media type. */
export const requireContentType =
  (...mediaTypes: string[]) =>
  async (request: FastifyRequest): Promise<void> => {
    const given = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (!mediaTypes.includes(given ?? ''))
      throw new ApiError(415, [{ code: ErrorCodes.unsupportedMediaType, messageKey: 'request.mediaType' }]);
  };
