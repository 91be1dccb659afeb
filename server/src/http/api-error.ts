import { ErrorCodes, type ApiErrorItem, type ErrorCode } from '@portal/contract';
import type { MessageKey } from '../i18n/messages.js';

export interface ErrorSpec {
  code: ErrorCode;
  messageKey: MessageKey;
  field?: string;
  params?: string[];
}

/** An answer the service means to give; turned into the spec's error shape in the request's language. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly items: ErrorSpec[],
    readonly headers: Record<string, string> = {},
  ) {
    super(items.map((i) => i.code).join(', '));
  }
}

export type { ApiErrorItem };

/** The one answer to a call that needs a session the request does not have (or no longer has). */
export const sessionEnded = (): ApiError =>
  new ApiError(401, [{ code: ErrorCodes.unauthenticated, messageKey: 'session.ended' }]);

/** How long a client is asked to wait before it tries a part of the system that was away again (`Retry-After`). */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/** §8's system error for a part of the system that cannot answer now (the database, the bank's token server). */
export const systemUnavailable = (): ApiError =>
  new ApiError(503, [{ code: ErrorCodes.unavailable, messageKey: 'error.system' }], {
    'retry-after': String(UNAVAILABLE_RETRY_SECONDS),
  });
