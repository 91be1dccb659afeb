import { ErrorCodes } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';

/** A preValidation hook refusing, with 415 and before anything else happens, a body of any other media type. */
export const requireContentType =
  (mediaType: string) =>
  async (request: FastifyRequest): Promise<void> => {
    const given = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (given !== mediaType)
      throw new ApiError(415, [{ code: ErrorCodes.unsupportedMediaType, messageKey: 'request.mediaType' }]);
  };
