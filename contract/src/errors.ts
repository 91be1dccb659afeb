/**
 * The error shape of every 4xx/5xx answer: `{ errors: [{ code, message, field?, params? }] }`, items in field order.
 * Clients read `errors[0].code` (change password, §8) or `errors[0].message` (forgot password, §8).
 */
export interface ApiErrorItem {
  /** Stable machine code, e.g. `required`, `invalid.credentials`, `csrf`. */
  code: ErrorCode;
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

/** Every code the service answers, the spec's own (§8) in its spelling; a code outside this list does not compile. */
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
  /** Refused for load (503 with Retry-After): the same for every user, counted nowhere; ask again after the wait. */
  busy: 'busy',
  /** §8 change password: the current password does not match. */
  invalidCredentials: 'invalid.credentials',
  /** §8 change password: the new password breaks the policy; `params` names the rules. */
  passwordPolicy: 'password.policy',
  /** The user signs in at the bank's identity provider: the portal keeps no password of theirs to change. */
  passwordChangeNotOffered: 'password.change.not.offered',
  /** §8 new PIN: the PIN is not four digits starting with 1 to 9. */
  pinInvalid: 'pin.invalid',
  /** A passkey's registration was not accepted (its ceremony's checks). */
  passkeyRefused: 'passkey.refused',
  /** A change to how the account signs in needs a sign-in made within the last five minutes: sign in again. */
  signInAgain: 'sign.in.again',
  /** The user's cobrand does not offer recovery codes, or the user has no second step they could stand in for. */
  recoveryCodesNotOffered: 'recovery.codes.not.offered',
  /** Admin API: the key does not carry the scope the call needs (or is limited to cobrands, for a call over all). */
  forbidden: 'forbidden',
  /** Admin API: the change clashes with what is there (the user exists, is not locked, has no token). */
  conflict: 'conflict',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];
