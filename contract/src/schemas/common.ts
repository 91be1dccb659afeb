import { Type, type Static } from 'typebox';
import { MAX_PASSWORD_LENGTH, MAX_USER_ID_LENGTH } from '../constants.js';

/**
 * No control characters (NUL above all, which PostgreSQL refuses in text): refused at the edge, before any query.
 * A tab is whitespace the service trims, like a space.
 */
export const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u0008\\u000A-\\u001F\\u007F]*$';

/** A user ID as typed: 1-64 characters, surrounding spaces allowed (trimmed by the service). */
export const UserIdSchema = Type.String({
  minLength: 1,
  maxLength: MAX_USER_ID_LENGTH,
  pattern: NO_CONTROL_CHARACTERS,
});
/** A secret as typed; never logged. */
export const SecretSchema = Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH });
/** A cobrand identifier or host name as it appears in `cobrandHost`. */
export const CobrandNameSchema = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]+$' });

export const ApiErrorItemSchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  field: Type.Optional(Type.String()),
  params: Type.Optional(Type.Array(Type.String())),
});
export const ApiErrorBodySchema = Type.Object({ errors: Type.Array(ApiErrorItemSchema) });
/** An answer with no body (a redirect, a 204), as the OpenAPI document describes it. */
export const NoBody = (description: string) => Type.Null({ description });
/** §7 send-login's answer: the address the browser goes to next, as plain text. */
export const WhereNextSchema = Type.String({ description: 'Where the browser goes next (text/plain)' });
/** §8: every refused sign-in's one answer, as plain text. */
export const RefusedSchema = Type.String({ description: 'Invalid Login (text/plain), whatever the cause' });
export type ApiErrorBodyStatic = Static<typeof ApiErrorBodySchema>;

export const CobrandQuerySchema = Type.Object({
  cobrandHost: Type.Optional(CobrandNameSchema),
});
