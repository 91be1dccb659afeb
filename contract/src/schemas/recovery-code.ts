import { Type } from 'typebox';
import { MAX_PASSWORD_LENGTH } from '../constants.js';
import { RECOVERY_CODE_MAX } from '../recovery-code-paths.js';
import { UserIdSchema } from './common.js';

/** A sign-in with a recovery code in place of the tokencode: the user ID, the PIN, and one of the codes. */
export const RecoveryCodeSignInBodySchema = Type.Object(
  {
    userId: UserIdSchema,
    pin: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
    code: Type.String({ minLength: 1, maxLength: RECOVERY_CODE_MAX }),
  },
  { additionalProperties: false },
);

/** The signed-in user's codes: whether their cobrand lets them keep any, and how many of their set are left. */
export const RecoveryCodeStatusSchema = Type.Object({ offered: Type.Boolean(), left: Type.Integer({ minimum: 0 }) });

/** A new set, shown this once: never again readable. */
export const RecoveryCodeSetSchema = Type.Object({ codes: Type.Array(Type.String()) });
