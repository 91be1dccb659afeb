/**
 * The error shape of every 4xx/5xx answer: `{ errors: [{ code, message, field?, params? }] }`, items in field order.
 * Clients read `errors[0].code` (change password, §8) or `errors[0].message` (forgot password, §8).
 */
export interface ApiErrorItem {
  /** Stable machine code, e.g. `required`, `invalid.credentials`, `csrf`. */
  code: string;
  /** Human text in the request's language. */
  message: string;
  /** The request field the error belongs to, when there is one. */
  field?: string;
  /** Values for the message's `{0}`-style placeholders. */
  params?: string[];
}
export interface ApiErrorBody {
  errors: ApiErrorItem[];
}

export const ErrorCodes = {
  required: 'required',
  invalid: 'invalid',
  tooLong: 'too.long',
  invalidLogin: 'invalid.login',
  csrf: 'csrf',
  unauthenticated: 'unauthenticated',
  notFound: 'not.found',
  throttled: 'throttled',
  unsupportedMediaType: 'unsupported.media.type',
  payloadTooLarge: 'payload.too.large',
  systemError: 'system.error',
  unavailable: 'unavailable',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];
